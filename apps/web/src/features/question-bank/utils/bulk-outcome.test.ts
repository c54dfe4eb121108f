import { describe, expect, it } from 'vitest';
import { bulkOutcomeMessage } from './bulk-outcome';

describe('the words after a bulk action', () => {
  it.each([
    [{ affected: 5, archived: 2 }, 'Deleted 3 questions; 2 more were archived because attempts used them'],
    [{ affected: 2, archived: 1 }, 'Deleted 1 question; 1 more was archived because attempts used it'],
    [{ affected: 4, archived: 0 }, 'Deleted 4 questions'],
    [{ affected: 1, archived: 0 }, 'Deleted 1 question'],
    [{ affected: 3, archived: 3 }, 'Archived 3 questions because attempts used them'],
    [{ affected: 1, archived: 1 }, 'Archived 1 question because attempts used it'],
  ])('tell a delete that did %j apart from an archive', (outcome, message) => {
    expect(bulkOutcomeMessage('delete', outcome)).toBe(message);
  });

  it('count the questions published, unpublished or restored', () => {
    expect(bulkOutcomeMessage('publish', { affected: 1, archived: 0 })).toBe('Published 1 question');
    expect(bulkOutcomeMessage('unpublish', { affected: 3, archived: 0 })).toBe('Moved 3 questions back to drafts');
    expect(bulkOutcomeMessage('restore', { affected: 2, archived: 0 })).toBe('Restored 2 questions as drafts');
    expect(bulkOutcomeMessage('restore', { affected: 1, archived: 0 })).toBe('Restored 1 question as a draft');
  });
});
