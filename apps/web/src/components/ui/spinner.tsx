import { cx } from './cx';

/** A decorative spinning ring; pair it with text or a labelled status region. */
export function Spinner({ className }: { className?: string }) {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      fill="none"
      className={cx('size-6 animate-spin text-indigo-600 motion-reduce:animate-none dark:text-indigo-400 hc:text-yellow-300', className)}
    >
      <circle cx="12" cy="12" r="10" stroke="currentColor" strokeOpacity="0.25" strokeWidth="3" />
      <path d="M22 12a10 10 0 0 0-10-10" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
    </svg>
  );
}
