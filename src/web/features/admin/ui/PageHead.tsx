import type { ReactNode } from 'react';
import './parts.css';

/** A console page's heading: title, a line saying what the page is for, and its main actions. */
export function PageHead({ title, intro, actions }: { title: string; intro?: string; actions?: ReactNode }) {
  return (
    <div className="admin-page-head">
      <div>
        <h1>{title}</h1>
        {intro && <p className="muted">{intro}</p>}
      </div>
      {actions && <div className="admin-page-actions">{actions}</div>}
    </div>
  );
}

/** A section's heading under a page's tabs: its title, what it holds, and its main action. */
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
