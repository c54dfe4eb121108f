import { describe, expect, it } from 'vitest';
import { registerRequestSchema } from './auth.js';
import { dateOfBirthSchema, phoneSchema, pincodeSchema, profileUpdateSchema } from './users.js';

describe('phone numbers', () => {
  it.each([
    ['9876543210', '9876543210'],
    ['+91 98765 43210', '9876543210'],
    ['+919876543210', '9876543210'],
    ['919876543210', '9876543210'],
    ['09876543210', '9876543210'],
    ['98765-43210', '9876543210'],
    ['', null],
  ])('accepts %j as %j', (input, out) => {
    expect(phoneSchema.parse(input)).toBe(out);
  });

  it.each(['5876543210', '987654321', '98765432100', '+1 415 555 0100', 'abcdefghij'])('refuses %j', (input) => {
    expect(phoneSchema.safeParse(input).success).toBe(false);
  });
});

describe('PIN codes and dates of birth', () => {
  it('accepts six digits not starting with 0', () => {
    expect(pincodeSchema.parse('110001')).toBe('110001');
    for (const bad of ['010001', '11000', '1100011', 'ABCDEF']) expect(pincodeSchema.safeParse(bad).success).toBe(false);
  });

  it('accepts real past dates only', () => {
    expect(dateOfBirthSchema.parse('2004-02-29')).toBe('2004-02-29');
    for (const bad of ['2003-02-29', '2004-13-01', '1899-12-31', '3000-01-01', '01-01-2000']) {
      expect(dateOfBirthSchema.safeParse(bad).success, bad).toBe(false);
    }
  });
});

describe('request schemas', () => {
  it('normalise the email on registration', () => {
    expect(registerRequestSchema.parse({ name: ' A ', email: ' A@Example.COM ', password: '12345678' })).toEqual({
      name: 'A',
      email: 'a@example.com',
      password: '12345678',
    });
  });

  it('refuse keys a user may not set', () => {
    const res = profileUpdateSchema.safeParse({ name: 'A', role: 'admin' });
    expect(res.success).toBe(false);
    expect(res.error?.issues[0]).toMatchObject({ code: 'unrecognized_keys', keys: ['role'] });
  });
});
