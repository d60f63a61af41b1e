import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { ChevronIcon } from './icons';

/**
 * A page heading with an optional back link (the chevron follows the reading direction) and an
 * optional aside at the inline end (a mode's "How to play" link).
 */
export function PageTitle({
  title,
  back,
  backLabel,
  subtitle,
  aside,
}: {
  title: string;
  back?: string;
  backLabel?: string;
  subtitle?: string;
  aside?: ReactNode;
}) {
  return (
    <div className="page-title">
      {back && (
        <Link to={back} className="back-link" aria-label={backLabel}>
          <span className="flip">
            <ChevronIcon />
          </span>
        </Link>
      )}
      <div>
        <h1 dir="auto">{title}</h1>
        {subtitle && <p className="muted">{subtitle}</p>}
      </div>
      {aside}
    </div>
  );
}
