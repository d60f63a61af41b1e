import { Link } from 'react-router-dom';
import { ChevronIcon } from './icons';

/** A page heading with an optional back link (the chevron follows the reading direction). */
export function PageTitle({
  title,
  back,
  backLabel,
  subtitle,
}: {
  title: string;
  back?: string;
  backLabel?: string;
  subtitle?: string;
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
    </div>
  );
}
