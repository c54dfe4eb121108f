import { describe, expect, it } from 'vitest';
import { altFromFileName, checkImageFile, insertImageMarkdown, sniffImageType } from './markdown-image';

const bytes = (...parts: (string | number[])[]) => new Uint8Array(parts.flatMap((p) => (typeof p === 'string' ? [...p].map((c) => c.charCodeAt(0)) : p)));

describe('sniffImageType', () => {
  it('knows the four stored types by their first bytes', () => {
    expect(sniffImageType(bytes([0x89], 'PNG', [0x0d, 0x0a, 0x1a, 0x0a]))).toBe('image/png');
    expect(sniffImageType(bytes([0xff, 0xd8, 0xff, 0xe0]))).toBe('image/jpeg');
    expect(sniffImageType(bytes('GIF89a'))).toBe('image/gif');
    expect(sniffImageType(bytes('GIF87a'))).toBe('image/gif');
    expect(sniffImageType(bytes('RIFF', [1, 2, 3, 4], 'WEBPVP8 '))).toBe('image/webp');
  });

  it('refuses anything else, whatever its name says', () => {
    expect(sniffImageType(bytes('<svg xmlns='))).toBeNull();
    expect(sniffImageType(bytes('RIFF', [0, 0, 0, 0], 'WAVE'))).toBeNull();
    expect(sniffImageType(bytes('GIF8'))).toBeNull();
    expect(sniffImageType(new Uint8Array())).toBeNull();
  });
});

describe('checkImageFile', () => {
  const png = (size: number) => new Blob([bytes([0x89], 'PNG', [0x0d, 0x0a, 0x1a, 0x0a]), new Uint8Array(size - 8)]);

  it('passes an image within the limit, with the type its bytes declare', async () => {
    await expect(checkImageFile(png(2 * 1024 * 1024))).resolves.toEqual({ ok: true, contentType: 'image/png' });
  });

  it('says how large a file is against the limit', async () => {
    await expect(checkImageFile(png(2 * 1024 * 1024 + 1))).resolves.toEqual({ ok: false, problem: 'size', megabytes: '2', limitMegabytes: '2' });
    await expect(checkImageFile(png(5_500_000), 1024 * 1024)).resolves.toEqual({ ok: false, problem: 'size', megabytes: '5.2', limitMegabytes: '1' });
  });

  it('reports the type before the size', async () => {
    await expect(checkImageFile(new Blob(['x'.repeat(3_000_000)]))).resolves.toEqual({ ok: false, problem: 'type' });
  });
});

describe('altFromFileName', () => {
  it('turns a file name into words', () => {
    expect(altFromFileName('right_triangle-ABC.png')).toBe('right triangle ABC');
    expect(altFromFileName('graph.final.jpeg')).toBe('graph.final');
    expect(altFromFileName('.png')).toBe('');
  });
});

describe('insertImageMarkdown', () => {
  it('inserts at the cursor and selects the description', () => {
    const edit = insertImageMarkdown('Before after', 7, 7, 'a chart', '/media/k.png');
    expect(edit.value).toBe('Before ![a chart](/media/k.png)after');
    expect(edit.value.slice(edit.selectionStart, edit.selectionEnd)).toBe('a chart');
  });

  it('replaces a selection, and clamps a cursor beyond the text', () => {
    expect(insertImageMarkdown('see FIGURE here', 4, 10, 'x', '/media/k.gif').value).toBe('see ![x](/media/k.gif) here');
    expect(insertImageMarkdown('end', 99, 99, 'x', '/media/k.gif').value).toBe('end![x](/media/k.gif)');
  });

  it('escapes brackets in the description and wraps an address with spaces or parentheses', () => {
    const edit = insertImageMarkdown('', 0, 0, 'table [1] \\ 2', '/media/a (1).png');
    expect(edit.value).toBe('![table \\[1\\] \\\\ 2](</media/a (1).png>)');
    expect(edit.value.slice(edit.selectionStart, edit.selectionEnd)).toBe('table \\[1\\] \\\\ 2');
  });
});
