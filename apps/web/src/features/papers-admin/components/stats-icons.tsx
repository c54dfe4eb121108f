import type { ReactNode } from 'react';
import { cx } from '@/components/ui/cx';

// Small line icons for the item analysis; decorative: the text beside each says the same.
function Icon({ children, className }: { children: ReactNode; className?: string | undefined }) {
  return (
    <svg viewBox="0 0 20 20" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" className={cx('size-4 shrink-0', className)}>
      {children}
    </svg>
  );
}

/** A gauge with its needle low: low discriminative efficiency. */
export function LowGaugeIcon({ className }: { className?: string }) {
  return (
    <Icon className={className}>
      <path d="M3 14a7 7 0 1 1 14 0" />
      <path d="M10 14 5.5 10.5" />
    </Icon>
  );
}

/** A line going down: negative discrimination. */
export function TrendDownIcon({ className }: { className?: string }) {
  return (
    <Icon className={className}>
      <path d="M2.5 5.5 8 11l3-3 6.5 6.5" />
      <path d="M13 14.5h4.5V10" />
    </Icon>
  );
}

/** A key: a likely wrong key. */
export function KeyIcon({ className }: { className?: string }) {
  return (
    <Icon className={className}>
      <circle cx="6.5" cy="10" r="3.5" />
      <path d="M10 10h7.5M15 10v3M17.5 10v2.5" />
    </Icon>
  );
}

/** A tick: the correct answer. */
export function TickIcon({ className }: { className?: string }) {
  return (
    <Icon className={className}>
      <path d="m4 10.5 4 4 8-9" />
    </Icon>
  );
}

/** A chevron pointing right, turned down when open. */
export function ChevronIcon({ open, className }: { open: boolean; className?: string }) {
  return (
    <Icon className={cx('transition-transform', open && 'rotate-90', className)}>
      <path d="m7.5 4.5 5.5 5.5-5.5 5.5" />
    </Icon>
  );
}

/** Up and down arrows, the one in force filled in. */
export function SortIcon({ direction }: { direction: 'ascending' | 'descending' | null }) {
  return (
    <Icon>
      <path d="M6 8.5 10 4.5l4 4" className={direction === 'ascending' ? 'opacity-100' : 'opacity-35'} />
      <path d="m6 11.5 4 4 4-4" className={direction === 'descending' ? 'opacity-100' : 'opacity-35'} />
    </Icon>
  );
}
