import { describe, expect, it } from 'vitest';
import { canEditContent } from './roles';

describe('canEditContent', () => {
  it('lets editors and admins in, and no one else', () => {
    expect(canEditContent('editor')).toBe(true);
    expect(canEditContent('admin')).toBe(true);
    expect(canEditContent('candidate')).toBe(false);
    expect(canEditContent(undefined)).toBe(false);
    expect(canEditContent(null)).toBe(false);
  });
});
