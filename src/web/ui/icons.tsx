// Small inline icons: no icon font, nothing to download.
import type { ReactNode } from 'react';

/** A gold coin. */
export function CoinIcon({ size = 20 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 24 24" aria-hidden="true">
      <circle cx="12" cy="12" r="10" fill="#ffc83d" stroke="#e0a100" strokeWidth="2" />
      <path
        d="M12 7v10M9.5 9.5h4a1.5 1.5 0 010 3h-3a1.5 1.5 0 000 3h4"
        stroke="#9a6a00"
        strokeWidth="1.6"
        fill="none"
        strokeLinecap="round"
      />
    </svg>
  );
}

/** A line icon drawn in the text colour: the frame the outline icons share (the play screen's and the console's too). */
export function Outline({
  size,
  width = 2,
  className,
  children,
}: {
  size: number;
  width?: number;
  className?: string;
  children: ReactNode;
}) {
  return (
    <svg
      className={className}
      width={size}
      height={size}
      viewBox="0 0 24 24"
      aria-hidden="true"
      fill="none"
      stroke="currentColor"
      strokeWidth={width}
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      {children}
    </svg>
  );
}

/** A padlock (locked level). */
export function LockIcon({ size = 20 }: { size?: number }) {
  return (
    <Outline size={size}>
      <rect x="5" y="11" width="14" height="10" rx="2" />
      <path d="M8 11V8a4 4 0 018 0v3" />
    </Outline>
  );
}

/** A star (cleared level, score). */
export function StarIcon({ size = 20 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 24 24" aria-hidden="true">
      <path d="M12 2.8l2.8 5.8 6.3.9-4.6 4.4 1.1 6.3L12 17.3l-5.6 2.9 1.1-6.3L2.9 9.5l6.3-.9z" fill="currentColor" />
    </svg>
  );
}

/** A chevron that follows the reading direction (flipped by CSS in RTL). */
export function ChevronIcon({ size = 20 }: { size?: number }) {
  return (
    <Outline size={size} width={2.4} className="chevron">
      <path d="M9 5l7 7-7 7" />
    </Outline>
  );
}

/** A bell (notifications). */
export function BellIcon({ size = 20 }: { size?: number }) {
  return (
    <Outline size={size}>
      <path d="M6 9a6 6 0 0112 0c0 5 2 6.5 2 6.5H4S6 14 6 9z" />
      <path d="M10 19a2 2 0 004 0" />
    </Outline>
  );
}
