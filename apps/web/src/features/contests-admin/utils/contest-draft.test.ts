import { contestInputSchema } from '@abhyas/contracts';
import { describe, expect, it } from 'vitest';
import { draftFromContest, draftToInput, isoToLocal, localToIso, newPrize, paiseToRupees, pathErrors, rupeesToPaise } from './contest-draft';

describe('money in the contest form', () => {
  it('reads rupees as typed into whole paise', () => {
    expect(rupeesToPaise('999')).toBe(99_900);
    expect(rupeesToPaise('₹1,499.5')).toBe(149_950);
    expect(rupeesToPaise('0.05')).toBe(5);
    expect(rupeesToPaise(' 5000 ')).toBe(500_000);
    for (const bad of ['', 'abc', '1.234', '-5', '1e3']) expect(rupeesToPaise(bad), bad).toBeNaN();
    expect(paiseToRupees(99_900)).toBe('999');
    expect(paiseToRupees(149_950)).toBe('1499.50');
  });
});

describe('the start time', () => {
  it('is the local time typed, written with this device’s offset, and read back the same', () => {
    const iso = localToIso('2026-12-01T10:00');
    expect(iso).toMatch(/^2026-12-01T10:00:00[+-]\d\d:\d\d$/);
    expect(Date.parse(iso)).toBe(new Date(2026, 11, 1, 10, 0).getTime());
    expect(isoToLocal(iso)).toBe('2026-12-01T10:00');
    expect(localToIso('')).toBe('');
    expect(localToIso('tomorrow')).toBe('');
  });
});

describe('draftToInput', () => {
  it('sends price and prizes in paise, and the schema accepts it', () => {
    const draft = { ...draftFromContest(), title: 'AI', testId: 't1', startsAtLocal: '2026-12-01T10:00', priceRupees: '999', freezeMinutes: '5', prizes: [{ ...newPrize(), amountRupees: '5,000' }, { ...newPrize(), fromRank: '2', toRank: '10', kind: 'certificate' as const }] };
    const input = draftToInput(draft);
    expect(input).toMatchObject({ priceAmount: 99_900, durationMinutes: 30, totalSeats: 100, freezeMinutes: 5, prizes: [{ fromRank: 1, toRank: 1, kind: 'cash', amount: 500_000 }, { fromRank: 2, toRank: 10, kind: 'certificate', amount: null }] });
    expect(input).not.toHaveProperty('slug');
    expect(contestInputSchema.safeParse(input).success).toBe(true);
  });

  it('lets the schema name what is wrong, field by field', () => {
    const input = draftToInput({ ...draftFromContest(), priceRupees: 'lots', durationMinutes: '', prizes: [{ ...newPrize(), amountRupees: '' }] });
    const parsed = contestInputSchema.safeParse(input);
    expect(parsed.success).toBe(false);
    const errors = pathErrors(parsed.error?.issues ?? []);
    expect(errors).toMatchObject({ title: 'Title is required', testId: 'Choose the test the contest runs', priceAmount: 'Price must be a number', 'prizes.0.amount': 'A cash prize needs an amount' });
    expect(errors.startsAt).toContain('Start must be a date and time');
    expect(errors.durationMinutes).toBe('Duration must be a number');
  });
});
