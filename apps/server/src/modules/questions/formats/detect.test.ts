import { describe, expect, it } from 'vitest';
import { detectFormat } from './detect.js';

describe('detectFormat', () => {
  it('trusts a telling extension', () => {
    expect(detectFormat('bank.GIFT', '')).toBe('gift');
    expect(detectFormat('export.xml', '')).toBe('moodlexml');
    expect(detectFormat('sheet.csv', '')).toBe('csv');
  });

  it.each([
    ['<?xml version="1.0"?>\n<quiz></quiz>', 'moodlexml'],
    ['\uFEFF<quiz>\n<question type="multichoice"/></quiz>', 'moodlexml'],
    ['type,question,option_a,option_b,correct\nsingle,2+2?,3,4,B', 'csv'],
    ['question;option_a;option_b;correct\n2+2?;3;4;B', 'csv'],
    ['What is 2+2?\nA) 3\nB. 4\nANSWER: B\n', 'aiken'],
    ['// comment\n::Q1:: What is 2+2? {=4 ~3}', 'gift'],
    ['$CATEGORY: Quant\n\nThe sky is blue. {T}', 'gift'],
  ])('reads the content of %j', (text, format) => {
    expect(detectFormat('upload.txt', text)).toBe(format);
  });

  it('says nothing when it cannot tell', () => {
    expect(detectFormat('notes.txt', 'Just some notes, nothing else.')).toBeNull();
  });
});
