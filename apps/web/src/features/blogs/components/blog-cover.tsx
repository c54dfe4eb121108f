import { cx } from '@/components/ui/cx';

// Covers are drawn at the open-graph ratio (1200 × 630); the size is set so the page never jumps.
const WIDTH = 1200;
const HEIGHT = 630;

/** A blog's cover image, or a quiet placeholder of the same shape when it has none. */
export function BlogCover({ url, lazy = true, className }: { url: string | null; lazy?: boolean; className?: string }) {
  const shape = cx('aspect-[1200/630] w-full bg-slate-200 object-cover dark:bg-slate-800', className);
  if (!url) {
    return <div aria-hidden="true" className={cx(shape, 'bg-gradient-to-br from-indigo-100 to-sky-100 dark:from-indigo-950 dark:to-slate-900')} />;
  }
  return (
    // The cover illustrates; the title next to it says what the post is, so the image has no text alternative.
    <img
      src={url}
      alt=""
      width={WIDTH}
      height={HEIGHT}
      loading={lazy ? 'lazy' : 'eager'}
      decoding="async"
      fetchPriority={lazy ? 'auto' : 'high'}
      className={shape}
    />
  );
}
