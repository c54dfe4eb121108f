/** The age of majority under India's DPDP Act: below it, a person is a child. */
export const ADULT_AGE = 18;

/**
 * Whether a person born on `dateOfBirth` (YYYY-MM-DD) is under 18 on the calendar day of `now`
 * (UTC). An unknown date of birth counts as an adult: the rules for children apply to those we
 * know to be children.
 */
export function isMinor(dateOfBirth: string | null | undefined, now: number): boolean {
  if (!dateOfBirth || !/^\d{4}-\d{2}-\d{2}$/.test(dateOfBirth)) return false;
  const today = new Date(now).toISOString().slice(0, 10);
  const year = Number(dateOfBirth.slice(0, 4)) + ADULT_AGE;
  return today < `${year}${dateOfBirth.slice(4)}`;
}
