/** What the prose styles let scroll sideways inside the column: tables, code blocks and display maths. */
const SCROLLERS = 'table, pre, .math-display';
const MARK = 'data-scrolls';

/**
 * Lets each of `root`'s sideways scrollers that is wider than its box now take the keyboard's focus
 * (a code block or a formula as a region named `names.code` or `names.formula`; a table is announced
 * as one already), and takes that back from one that fits again.
 */
export function markScrollers(root: HTMLElement, names: { code: string; formula: string }): void {
  for (const element of root.querySelectorAll<HTMLElement>(SCROLLERS)) {
    const scrolls = element.scrollWidth > element.clientWidth + 1;
    if (scrolls === element.hasAttribute(MARK)) continue;
    const named = element.localName !== 'table';
    if (scrolls) {
      element.setAttribute(MARK, '');
      element.tabIndex = 0;
      if (named) {
        element.setAttribute('role', 'region');
        element.setAttribute('aria-label', element.localName === 'pre' ? names.code : names.formula);
      }
    } else {
      element.removeAttribute(MARK);
      element.removeAttribute('tabindex');
      if (named) {
        element.removeAttribute('role');
        element.removeAttribute('aria-label');
      }
    }
  }
}
