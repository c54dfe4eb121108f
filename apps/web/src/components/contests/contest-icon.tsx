import type { ContestIcon as IconKey } from '@abhyas/contracts';
import { cx } from '@/components/ui/cx';

// Small line drawings, one per icon key, drawn in the current text colour.
const paths: Record<IconKey, string[]> = {
  ai: ['M9 3v3M15 3v3M9 18v3M15 18v3M3 9h3M3 15h3M18 9h3M18 15h3', 'M6 6h12v12H6z', 'M10 10h4v4h-4z'],
  marketing: ['M3 11v2a1 1 0 0 0 1 1h2l5 4V6L6 10H4a1 1 0 0 0-1 1Z', 'M15 9a4 4 0 0 1 0 6M18 6a8 8 0 0 1 0 12'],
  code: ['M8 8l-4 4 4 4M16 8l4 4-4 4M13.5 5l-3 14'],
  design: ['M12 3a9 9 0 1 0 0 18c1 0 1.5-.8 1.5-1.5 0-1.2-1-1.5-1-2.5s.8-1.5 2-1.5H17a4 4 0 0 0 4-4c0-4.7-4-8.5-9-8.5Z', 'M7.5 11.5h.01M10 7.5h.01M14.5 7.5h.01'],
  maths: ['M5 7h6M8 4v6M14 7h5M5 17h6M14 15h5M14 19h5M6 14l4 4M10 14l-4 4'],
  science: ['M9 3h6M10 3v6l-5 9a2 2 0 0 0 1.8 3h10.4a2 2 0 0 0 1.8-3l-5-9V3', 'M7.5 15h9'],
  language: ['M4 5h9M8.5 3v2M6 5c.5 3 2.5 5.5 5 7M11 5c-.5 3.5-3 6.5-6 8', 'M13 21l4-9 4 9M14.5 18h5'],
  general: ['M8 21h8M12 17v4M7 4h10v5a5 5 0 0 1-10 0V4Z', 'M7 6H4v1a3 3 0 0 0 3 3M17 6h3v1a3 3 0 0 1-3 3'],
};

/** The contest's icon: a small inline drawing for its icon key, decorative (the title names the contest). */
export function ContestIcon({ icon, className }: { icon: IconKey; className?: string }) {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" className={cx('size-6', className)}>
      {(paths[icon] ?? paths.general).map((d) => (
        <path key={d} d={d} />
      ))}
    </svg>
  );
}
