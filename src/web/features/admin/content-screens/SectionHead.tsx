import type { ReactNode } from 'react';

/** A content section's heading: its title, what it holds, and its main action. */
export function SectionHead({ title, intro, action }: { title: string; intro?: string; action?: ReactNode }) {
  return (
    <div className="cs-section-head">
      <div>
        <h2>{title}</h2>
        {intro && <p className="muted">{intro}</p>}
      </div>
      {action && <div className="cs-section-actions">{action}</div>}
    </div>
  );
}
