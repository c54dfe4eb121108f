/**
 * Bounds on what one Markdown text may ask of the renderer. KaTeX parses a formula by recursion, so
 * braces nested a thousand deep exhaust the stack (its `maxExpand` bounds macros, not braces), and
 * markdown-it silently drops whatever lies past its nesting limit; real content comes nowhere near
 * either, so such text is refused rather than rendered differently from what was written.
 */
export const MARKDOWN_LIMITS = {
  /** Block nesting as markdown-it counts it: each quote one level, each list two (list and item). */
  nesting: 20,
  /** Braces inside one formula; real formulas rarely go past ten. */
  mathsDepth: 50,
  /** Characters in one formula. */
  mathsLength: 2000,
  /**
   * Formulas, and their characters together, in one text: KaTeX writes some 150 bytes of HTML per
   * character, so these keep a preview's time and size bounded (the longest demo topic has 67
   * formulas, 1,100 characters of maths).
   */
  formulas: 2000,
  mathsTotal: 50_000,
} as const;

/** Markdown the renderer will not take; its message is for the author. */
export class MarkdownTooComplex extends Error {}

/** Why a formula is refused, or null when KaTeX may render it. */
export function mathsProblem(tex: string): string | null {
  let depth = 0;
  for (let i = 0; i < tex.length; i += 1) {
    const c = tex[i];
    if (c === '\\') i += 1; // `\{`, `\}` and `\\` are characters, not groups
    else if (c === '{' && ++depth > MARKDOWN_LIMITS.mathsDepth) return `Maths nested too deeply (more than ${MARKDOWN_LIMITS.mathsDepth} levels of braces)`;
    else if (c === '}' && depth > 0) depth -= 1;
  }
  if (tex.length > MARKDOWN_LIMITS.mathsLength) return `A formula is too long (more than ${MARKDOWN_LIMITS.mathsLength} characters)`;
  return null;
}

/** Why a text's formulas together are refused, or null when KaTeX may render them all. */
export function mathsTotalProblem(formulas: string[]): string | null {
  if (formulas.length > MARKDOWN_LIMITS.formulas) return `Too many formulas (more than ${MARKDOWN_LIMITS.formulas})`;
  let total = 0;
  for (const tex of formulas) total += tex.length;
  if (total > MARKDOWN_LIMITS.mathsTotal) return `Too much maths (more than ${MARKDOWN_LIMITS.mathsTotal} characters of formulas)`;
  return null;
}

export const NESTING_PROBLEM = `Markdown nested too deeply (lists and quotes more than ${MARKDOWN_LIMITS.nesting} levels, each list counting two)`;
