import { adInputSchema } from '@abhyas/contracts';
import { describe, expect, it } from 'vitest';
import { formValuesOf, fromLocalInput, parsePlaces, toAdInput, toLocalInput } from './ad-form-values';

describe('the ad form values', () => {
  it('splits places into PIN codes and prefixes, whatever separates them', () => {
    expect(parsePlaces('560034, 110\n 56 560034;5600')).toEqual({ pincodes: ['560034'], prefixes: ['110', '56', '5600'] });
    expect(parsePlaces('  ')).toEqual({ pincodes: [], prefixes: [] });
  });

  it('turns datetime-local values into instants and back', () => {
    const iso = fromLocalInput('2026-12-01T09:30');
    expect(iso).toBe(new Date(2026, 11, 1, 9, 30).toISOString());
    expect(toLocalInput(iso)).toBe('2026-12-01T09:30');
    expect(fromLocalInput('')).toBeNull();
    expect(toLocalInput(null)).toBe('');
  });

  it('builds an input the contracts accept, and one they refuse with the field named', () => {
    const values = { ...formValuesOf(), title: 'Delhi notes', imageUrl: 'https://cdn.example/a.webp', targetUrl: '/topics', national: false, places: '110, 110001' };
    expect(adInputSchema.parse(toAdInput(values)).targeting).toEqual({ national: false, pincodes: ['110001'], prefixes: ['110'] });
    const bad = adInputSchema.safeParse(toAdInput({ ...values, places: '11000x', weight: '' }));
    expect(bad.success).toBe(false);
    expect(bad.error?.issues.map((i) => i.path[0]).sort()).toEqual(['targeting', 'weight']);
  });

  it('fills the form from an ad, places in one line', () => {
    const values = formValuesOf({
      id: 'a',
      title: 'T',
      imageUrl: '/media/x.png',
      targetUrl: '/topics',
      targeting: { national: false, pincodes: ['560034'], prefixes: ['11'] },
      weight: 4,
      startsAt: null,
      endsAt: null,
      active: false,
      state: 'paused',
      impressions: 0,
      clicks: 0,
      createdAt: '',
      updatedAt: '',
    });
    expect(values).toMatchObject({ national: false, places: '560034, 11', weight: '4', active: false, startsAt: '' });
  });
});
