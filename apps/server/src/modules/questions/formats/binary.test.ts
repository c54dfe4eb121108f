import { describe, expect, it } from 'vitest';
import { notTextProblem } from './binary.js';

const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');

describe('notTextProblem', () => {
  it('names a known image, document or archive', () => {
    expect(notTextProblem(PNG)).toBe('This is a PNG image, not a question file: upload GIFT, Aiken, Moodle XML or CSV');
    expect(notTextProblem(Buffer.from('%PDF-1.7\n'))).toMatch(/^This is a PDF document/);
    expect(notTextProblem(Buffer.from([0x50, 0x4b, 0x03, 0x04, 1, 2]))).toMatch(/^This is a ZIP archive \(Word, Excel/);
    expect(notTextProblem(Buffer.from([0xff, 0xd8, 0xff, 0xe0]))).toMatch(/^This is a JPEG image/);
  });

  it('refuses NUL bytes, UTF-16 and text that is mostly invalid UTF-8', () => {
    expect(notTextProblem(Buffer.from('::Q:: 1+1 {=2 ~3}\0\0'))).toMatch(/^This is a binary file/);
    expect(notTextProblem(Buffer.from('\uFEFF::Q::', 'utf16le'))).toMatch(/UTF-16/);
    expect(notTextProblem(Buffer.from(Array.from({ length: 400 }, (_, i) => (i % 2 ? 0x41 : 0xc3 + (i % 7 === 0 ? 0 : 0x30)))))).toMatch(/^This is not a text file/);
  });

  it('accepts text, a few bad bytes, a U+FFFD the file itself contains, and a character cut at the sample end', () => {
    expect(notTextProblem(Buffer.from('::Q:: What is 2+2? {=4 ~5}\n'))).toBeNull();
    expect(notTextProblem(Buffer.concat([Buffer.from('Question,A,B\n'.repeat(20)), Buffer.from([0xff]), Buffer.from('x\n')]))).toBeNull();
    expect(notTextProblem(Buffer.from('\uFFFD'.repeat(50)))).toBeNull();
    expect(notTextProblem(Buffer.from('अ'.repeat(5000)))).toBeNull();
  });
});
