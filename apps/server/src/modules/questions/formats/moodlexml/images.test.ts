import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseMoodleXml } from './parse-moodlexml.js';

const fixture = (name: string): Buffer => readFileSync(new URL(`./fixtures/${name}`, import.meta.url));
const bytes = (...b: number[]): Buffer => Buffer.from(b);

describe('parseMoodleXml: images', () => {
  it('scopes each <file> to the field it sits in, even when names repeat', () => {
    const r = parseMoodleXml(fixture('images.xml'));
    const q = r.questions[0];
    expect(q?.images).toEqual([
      { name: 'my shape.png', field: 'stem', data: bytes(0, 1, 2) },
      { name: 'img.png', field: 'generalFeedback', data: bytes(3, 4, 5) },
      { name: 'img.png', field: { option: 0 }, data: bytes(6, 7, 8) },
      { name: 'sub/dir/fb.png', field: { optionFeedback: 0 }, data: bytes(9, 10, 11) },
      { name: 'img.png', field: { option: 1 }, data: bytes(12, 13, 14) },
    ]);
    expect(q?.stem.text).toContain('@@PLUGINFILE@@/my%20shape.png');
    expect(q?.options[0]?.feedback?.text).toBe('See <img src="@@PLUGINFILE@@/sub/dir/fb.png">');
  });

  it('refuses a question whose file is not base64, naming the element', () => {
    const r = parseMoodleXml(fixture('images.xml'));
    expect(r.questions).toHaveLength(1);
    expect(r.errors).toEqual([{ position: { index: 2, element: 'questiontext/file[1]', line: 32 }, message: 'File "bad.png" is not valid base64.' }]);
  });

  it('turns the Moodle 1.9 <image>/<image_base64> into a stem image and an <img> in the stem', () => {
    const r = parseMoodleXml(fixture('old-image.xml'));
    expect(r.errors).toEqual([]);
    const q = r.questions[0];
    expect(q?.stem.text).toBe('Look at the picture <img src="@@PLUGINFILE@@/pics_moodle.png" />');
    expect(q?.images).toHaveLength(1);
    expect(q?.images[0]?.name).toBe('pics_moodle.png');
    expect(q?.images[0]?.field).toBe('stem');
    expect(q?.images[0]?.data.subarray(1, 4).toString('latin1')).toBe('PNG');
    // The first <shuffleanswers> wins, as with Moodle's getpath(…, 0, …); answer text is trimmed.
    expect(q?.shuffleAnswers).toBe(true);
    expect(q?.options.map((o) => o.text.text)).toEqual(['wrong', 'right']);
  });

  it('keeps an image-only answer (empty text, one file)', () => {
    const r = parseMoodleXml(
      '<quiz><question type="multichoice"><questiontext><text>Pick</text></questiontext>' +
        '<answer fraction="100"><text></text><file name="a.png" encoding="base64">AAEC</file></answer>' +
        '<answer fraction="0"><text>none</text></answer></question></quiz>',
    );
    expect(r.errors).toEqual([]);
    expect(r.questions[0]?.options).toHaveLength(2);
    expect(r.questions[0]?.images).toEqual([{ name: 'a.png', field: { option: 0 }, data: bytes(0, 1, 2) }]);
  });
});
