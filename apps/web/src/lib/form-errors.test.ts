import { profileUpdateSchema } from '@abhyas/contracts';
import { describe, expect, it } from 'vitest';
import { detailsToFieldErrors, issuesToFieldErrors } from './form-errors';

describe('form errors', () => {
  it('maps zod issues to the first message per field', () => {
    const result = profileUpdateSchema.safeParse({ name: '', pincode: '12', phone: '12345' });
    expect(result.success).toBe(false);
    expect(issuesToFieldErrors(result.error?.issues ?? [])).toEqual({
      name: 'Enter your name',
      pincode: 'Enter a 6-digit PIN code',
      phone: 'Enter a 10-digit Indian mobile number',
    });
  });

  it('maps API error details to fields', () => {
    expect(
      detailsToFieldErrors([
        { field: 'pincode', message: 'Enter a 6-digit PIN code' },
        { field: 'pincode', message: 'second message is ignored' },
        { field: 'address.city', message: 'City is too long' },
      ]),
    ).toEqual({ pincode: 'Enter a 6-digit PIN code', address: 'City is too long' });
  });
});
