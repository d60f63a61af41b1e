import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { AdminIcon } from '../ui/admin-icons';

/** The heading of a screen inside the contests or exams tab: the way back, its title, its actions. */
export function SubHead({
  back,
  backLabel,
  title,
  tag,
  actions,
}: {
  back: string;
  backLabel: string;
  title: string;
  tag?: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <div className="events-head">
      <div className="events-head-title">
        <Link to={back} className="events-back" data-testid="events-back">
          <span className="flip">
            <AdminIcon name="back" size={16} />
          </span>
          {backLabel}
        </Link>
        <h2 dir="auto" data-testid="events-title">
          {title} {tag}
        </h2>
      </div>
      {actions && <div className="admin-page-actions events-head-actions">{actions}</div>}
    </div>
  );
}
