import type { ReactNode } from 'react';
import './parts.css';

export type Tone = 'good' | 'bad' | 'warn' | 'info' | 'plain';

/** A small coloured label for a state (active, pending, rejected, ...). */
export function Tag({ tone, children, testId }: { tone: Tone; children: ReactNode; testId?: string }) {
  return (
    <span className={`admin-tag admin-tag-${tone}`} data-testid={testId}>
      {children}
    </span>
  );
}
