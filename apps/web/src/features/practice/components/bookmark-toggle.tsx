import { toast } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { t } from '@/i18n/i18n';
import { errorMessage } from '@/lib/api-error';
import { useSetBookmark } from '../api/toggle-bookmark';

/** Bookmarks the question shown, or takes the bookmark off; pressed while bookmarked. */
export function BookmarkToggle({ questionId, bookmarked }: { questionId: string; bookmarked: boolean }) {
  const setBookmark = useSetBookmark();
  const toggle = () =>
    setBookmark.mutate({ questionId, bookmarked: !bookmarked }, { onError: (error) => toast.error(errorMessage(error, t('practice.session.bookmarkFailed'))) });
  return (
    <Button variant="secondary" aria-pressed={bookmarked} onClick={toggle} className="px-3 text-sm">
      <svg aria-hidden="true" viewBox="0 0 24 24" className="size-5" fill={bookmarked ? 'currentColor' : 'none'} stroke="currentColor" strokeWidth="2" strokeLinejoin="round">
        <path d="M6 3h12v18l-6-4-6 4z" />
      </svg>
      {t(bookmarked ? 'practice.session.bookmarked' : 'practice.session.bookmark')}
    </Button>
  );
}
