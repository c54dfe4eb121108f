import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseMoodleXml } from './parse-moodlexml.js';

const fixture = (name: string): Buffer => readFileSync(new URL(`./fixtures/${name}`, import.meta.url));

function timed<T>(fn: () => T): { value: T; ms: number } {
  const t0 = performance.now();
  const value = fn();
  return { value, ms: performance.now() - t0 };
}

describe('parseMoodleXml: hostile and damaged input', () => {
  it('refuses an XXE file without reading anything', () => {
    const { value: r, ms } = timed(() => parseMoodleXml(fixture('xxe.xml')));
    expect(r.questions).toEqual([]);
    expect(r.errors).toEqual([{ position: { line: 2 }, message: expect.stringMatching(/entity declarations.*refused/) }]);
    expect(JSON.stringify(r)).not.toMatch(/root:|\/bin\//);
    expect(ms).toBeLessThan(100);
  });

  it('refuses a billion-laughs file fast, expanding nothing', () => {
    const before = process.memoryUsage().heapUsed;
    const { value: r, ms } = timed(() => parseMoodleXml(fixture('billion-laughs.xml')));
    expect(r.questions).toEqual([]);
    expect(r.errors).toHaveLength(1);
    expect(r.errors[0]?.message).toMatch(/never expanded/);
    expect(ms).toBeLessThan(100);
    expect(process.memoryUsage().heapUsed - before).toBeLessThan(50_000_000);
  });

  it('refuses an <!ENTITY hidden outside a DOCTYPE, but not one inside CDATA or a comment', () => {
    expect(parseMoodleXml('<quiz><!ENTITY x "y"></quiz>').errors[0]?.message).toMatch(/entity declarations/);
    const quoted = parseMoodleXml(
      '<quiz><!-- <!DOCTYPE x [<!ENTITY a "b">]> --><question type="multichoice"><questiontext><text><![CDATA[What does <!DOCTYPE x [<!ENTITY e "v">]> declare?]]></text></questiontext>' +
        '<answer fraction="100"><text>An entity</text></answer><answer fraction="0"><text>Nothing</text></answer></question></quiz>',
    );
    expect(quoted.errors).toEqual([]);
    expect(quoted.questions[0]?.stem.text).toBe('What does <!DOCTYPE x [<!ENTITY e "v">]> declare?');
  });

  it('ignores a bare DOCTYPE, and leaves undeclared entities such as &nbsp; as written', () => {
    const r = parseMoodleXml('<!DOCTYPE quiz><quiz><question type="truefalse"><questiontext><text>a&nbsp;b &#x939;&#2367; &amp;amp;</text></questiontext><answer fraction="100"><text>true</text></answer><answer fraction="0"><text>false</text></answer></question></quiz>');
    expect(r.errors).toEqual([]);
    expect(r.questions[0]?.stem.text).toBe('a&nbsp;b हि &amp;');
  });

  it('imports nothing from a file that is not well-formed, and says where it broke', () => {
    const r = parseMoodleXml(fixture('malformed.xml'));
    expect(r.questions).toEqual([]);
    expect(r.skipped).toEqual([]);
    expect(r.errors).toHaveLength(1);
    expect(r.errors[0]?.position).toEqual({ line: 8, column: expect.any(Number) });
    expect(r.errors[0]?.message).toMatch(/^The file is not well-formed XML, so nothing was imported: .*'text'/);
  });

  it('reports empty and non-XML input', () => {
    expect(parseMoodleXml('').errors).toHaveLength(1);
    expect(parseMoodleXml('Question? {=a ~b}').errors[0]?.message).toMatch(/not well-formed/);
  });

  it('reads a file with a BOM, CRLF line ends and Hindi', () => {
    const r = parseMoodleXml(fixture('bom-crlf.xml'));
    expect(r.errors).toEqual([]);
    expect(r.questions[0]?.stem.text).toBe('Line one\nLine two — हिंदी');
    expect(r.questions[0]?.options.map((o) => o.text.text)).toEqual(['हाँ', 'नहीं']);
  });

  it('reports invalid UTF-8 bytes and still reads the file', () => {
    const bytes = Buffer.concat([
      Buffer.from('<quiz>\n<question type="truefalse"><questiontext><text>bad '),
      Buffer.from([0xff, 0xfe]),
      Buffer.from('</text></questiontext><answer fraction="100"><text>true</text></answer><answer fraction="0"><text>false</text></answer></question></quiz>'),
    ]);
    const r = parseMoodleXml(bytes);
    expect(r.questions).toHaveLength(1);
    expect(r.errors).toEqual([{ position: { line: 2 }, message: expect.stringMatching(/Invalid UTF-8/) }]);
  });

  it('survives very deep nesting without crashing', () => {
    const deep = `<quiz>${'<a>'.repeat(5000)}${'</a>'.repeat(5000)}</quiz>`;
    expect(() => parseMoodleXml(deep)).not.toThrow();
  });
});
