/**
 * Quotes a field when CSV needs it (`;` and tab too, so that Excel's delimiter guessing is not
 * misled). A field starting with `=`, `+`, `-` or `@` gets a leading `'` so a spreadsheet shows it
 * as text instead of running it as a formula (OWASP, CSV injection); the question importer removes it.
 */
export function csvField(value: string): string {
  const safe = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\n\r;\t]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** A value a spreadsheet would run as a formula, also behind quotes we added: it gets one more `'`. */
export const FORMULA_START = /^'*[=+\-@]/;
