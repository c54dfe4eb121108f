/** File kinds people upload by mistake, told by their first bytes. */
const SIGNATURES: { name: string; test: (b: Buffer) => boolean }[] = [
  { name: 'a PNG image', test: (b) => b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) },
  { name: 'a JPEG image', test: (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff },
  { name: 'a GIF image', test: (b) => b.subarray(0, 4).toString('latin1') === 'GIF8' },
  { name: 'a WebP image', test: (b) => b.subarray(0, 4).toString('latin1') === 'RIFF' && b.subarray(8, 12).toString('latin1') === 'WEBP' },
  { name: 'a PDF document', test: (b) => b.subarray(0, 5).toString('latin1') === '%PDF-' },
  // Word, Excel and OpenDocument files are ZIP archives too.
  { name: 'a ZIP archive (Word, Excel and OpenDocument files are ZIP archives)', test: (b) => b.subarray(0, 4).equals(Buffer.from([0x50, 0x4b, 0x03, 0x04])) },
  { name: 'a Word or Excel 97–2003 document', test: (b) => b.subarray(0, 8).equals(Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])) },
  { name: 'a gzip archive', test: (b) => b[0] === 0x1f && b[1] === 0x8b },
];

const SAMPLE_BYTES = 8192;
/** Above this share of invalid UTF-8 in the sample, the file is not text with a few bad bytes but not text at all. */
const MAX_INVALID_SHARE = 0.1;
const FORMATS = 'upload GIFT, Aiken, Moodle XML or CSV';
const NUL_RUN = Buffer.from([0, 0]);

function zeroShare(sample: Buffer): number {
  let zeros = 0;
  for (const byte of sample) if (byte === 0) zeros++;
  return sample.length === 0 ? 0 : zeros / sample.length;
}

/**
 * Why a file cannot be a question file, judged from its first 8 KB, or null when it looks like text.
 * Catching this up front answers one clear sentence instead of an "invalid UTF-8" error per line.
 */
export function notTextProblem(bytes: Buffer): string | null {
  const sample = bytes.subarray(0, SAMPLE_BYTES);
  const known = SIGNATURES.find((s) => s.test(sample));
  if (known) return `This is ${known.name}, not a question file: ${FORMATS}`;
  if ((sample[0] === 0xff && sample[1] === 0xfe) || (sample[0] === 0xfe && sample[1] === 0xff)) {
    return `This file is UTF-16 text: save it as UTF-8 and ${FORMATS}`;
  }
  // Binary data holds runs of zero bytes; one stray NUL in a text file is reported on its own, as text
  // that cannot be stored, by the import.
  if (sample.includes(NUL_RUN) || zeroShare(sample) > MAX_INVALID_SHARE) return `This is a binary file, not a question file: ${FORMATS}`;
  // A multi-byte character cut at the sample's end is not an invalid byte.
  const whole = bytes.length > SAMPLE_BYTES ? sample.subarray(0, SAMPLE_BYTES - 3) : sample;
  const text = new TextDecoder('utf-8', { fatal: false }).decode(whole);
  const invalid = (text.match(/\uFFFD/g)?.length ?? 0) - (whole.toString('latin1').match(/\xEF\xBF\xBD/g)?.length ?? 0);
  if (text.length > 0 && invalid / text.length > MAX_INVALID_SHARE) return `This is not a text file, so not a question file: ${FORMATS}`;
  return null;
}

/**
 * Why a text file cannot be stored, or null: PostgreSQL cannot hold NUL, and no question file in a
 * text format has one. The upload and the command refuse such a file with the same sentence.
 */
export function nulProblem(bytes: Buffer): string | null {
  return bytes.includes(0) ? 'The file must not contain the NUL character; send it as UTF-8 text' : null;
}
