import type { ReactNode } from 'react';

function Icon({ children }: { children: ReactNode }) {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" className="size-6">
      {children}
    </svg>
  );
}

/** A checklist: multiple-choice practice. */
export function PracticeIcon() {
  return (
    <Icon>
      <path d="M9 6h11M9 12h11M9 18h11" />
      <path d="m3.5 6 1.5 1.5L7.5 5M3.5 12l1.5 1.5L7.5 11" />
      <circle cx="5" cy="18" r="1.5" />
    </Icon>
  );
}

/** A clock: timed mock tests. */
export function MockTestIcon() {
  return (
    <Icon>
      <circle cx="12" cy="13" r="8" />
      <path d="M12 9v4l2.5 2.5M9.5 2h5" />
    </Icon>
  );
}

/** A trophy: contests. */
export function ContestIcon() {
  return (
    <Icon>
      <path d="M8 4h8v5a4 4 0 0 1-8 0V4Z" />
      <path d="M16 5h3v1.5A3.5 3.5 0 0 1 15.6 10M8 5H5v1.5A3.5 3.5 0 0 0 8.4 10M12 13v4M8.5 20h7M10 17h4" />
    </Icon>
  );
}
