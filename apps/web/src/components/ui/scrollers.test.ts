import { describe, expect, it } from 'vitest';
import { markScrollers } from './scrollers';

const NAMES = { code: 'Code', formula: 'Formula' };

/** An article's HTML whose scrollers report the widths given (happy-dom lays nothing out). */
function article(widths: Record<string, { scroll: number; client: number }>): HTMLElement {
  const root = document.createElement('div');
  root.innerHTML = '<table><tr><td>1</td></tr></table><pre>code</pre><div class="math-display">x</div><p>text</p>';
  for (const [selector, width] of Object.entries(widths)) {
    const element = root.querySelector(selector)!;
    Object.defineProperty(element, 'scrollWidth', { configurable: true, get: () => width.scroll });
    Object.defineProperty(element, 'clientWidth', { configurable: true, get: () => width.client });
  }
  return root;
}

describe('markScrollers', () => {
  it('lets a table, code block or formula wider than its box take focus, naming the code block and the formula', () => {
    const root = article({ table: { scroll: 600, client: 300 }, pre: { scroll: 500, client: 300 }, '.math-display': { scroll: 400, client: 300 } });
    markScrollers(root, NAMES);
    const table = root.querySelector('table')!;
    expect(table.getAttribute('tabindex')).toBe('0');
    expect(table.hasAttribute('role')).toBe(false);
    expect(root.querySelector('pre')!.outerHTML).toBe('<pre data-scrolls="" tabindex="0" role="region" aria-label="Code">code</pre>');
    expect(root.querySelector('.math-display')!.getAttribute('aria-label')).toBe('Formula');
    expect(root.querySelector('p')!.hasAttribute('tabindex')).toBe(false);
  });

  it('leaves alone what fits, and takes the focus back from a scroller that fits again', () => {
    const widths = { pre: { scroll: 500, client: 300 }, table: { scroll: 300, client: 300 } };
    const root = article(widths);
    markScrollers(root, NAMES);
    expect(root.querySelector('table')!.hasAttribute('tabindex')).toBe(false);
    widths.pre.client = 600;
    markScrollers(root, NAMES);
    expect(root.querySelector('pre')!.outerHTML).toBe('<pre>code</pre>');
  });
});
