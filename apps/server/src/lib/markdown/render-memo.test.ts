import { describe, expect, it } from 'vitest';
import { renderMarkdown } from './markdown.js';
import { memoisedRenderMarkdown } from './render-memo.js';

describe('memoisedRenderMarkdown', () => {
  it('gives what renderMarkdown gives, whether it renders or remembers', () => {
    const render = memoisedRenderMarkdown();
    const long = `A stem long enough not to be remembered: ${'word '.repeat(40)}`;
    const texts = ['True', 'False', 'Area is $\\pi r^2$', '<em>x</em>', long];
    // Enough other texts in between to push the first ones out and bring them back.
    const others = Array.from({ length: 1500 }, (_, i) => `Option ${i}`);
    for (const text of [...texts, ...texts, ...others, ...texts]) expect(render(text)).toBe(renderMarkdown(text));
  });
});
