import { profileUpdateSchema } from '@abhyas/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { testInputSchema } from '@abhyas/contracts';
import { detailsToFieldErrors, issuesToFieldErrors, issuesToPathErrors } from './form-errors';
import { loadMessageLanguage } from './message-language';

// The Hindi of the messages loads when the app is first shown in Hindi.
beforeAll(() => loadMessageLanguage('hi'));

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

  it("says a schema's messages in Hindi when the UI is in Hindi", () => {
    const result = profileUpdateSchema.safeParse({ name: '', pincode: '12', phone: '12345', city: 'x'.repeat(101) });
    expect(issuesToFieldErrors(result.error?.issues ?? [], 'hi')).toEqual({
      name: 'अपना नाम लिखें',
      pincode: '6 अंकों का PIN कोड लिखें',
      phone: '10 अंकों का भारतीय मोबाइल नंबर लिखें',
      city: 'शहर अधिकतम 100 अक्षरों का हो सकता है',
    });
    const test = testInputSchema.safeParse({ title: '', slug: 'a', durationMinutes: 30, sections: [{ title: 'A', marks: -1, questionIds: ['q1'] }] });
    expect(issuesToPathErrors(test.error?.issues ?? [], 'hi')).toMatchObject({ title: 'शीर्षक लिखें', 'sections.0.marks': 'अंक ऋणात्मक नहीं हो सकते' });
    expect(issuesToPathErrors(test.error?.issues ?? [], 'en')).toMatchObject({ title: 'Enter a title', 'sections.0.marks': 'Marks cannot be negative' });
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
