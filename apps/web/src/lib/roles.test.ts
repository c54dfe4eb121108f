import { describe, expect, it } from 'vitest';
import { canEditContent, isAdmin } from './roles';

describe('canEditContent', () => {
  it('lets editors and admins in, and no one else', () => {
    expect(canEditContent('editor')).toBe(true);
    expect(canEditContent('admin')).toBe(true);
    expect(canEditContent('candidate')).toBe(false);
    expect(canEditContent(undefined)).toBe(false);
    expect(canEditContent(null)).toBe(false);
  });
});

describe('isAdmin', () => {
  it('is true for admins only', () => {
    expect(['candidate', 'editor', 'admin', undefined, null].map((role) => isAdmin(role as never))).toEqual([false, false, true, false, false]);
  });
});
