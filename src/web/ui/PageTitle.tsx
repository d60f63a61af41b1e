import { Link } from 'react-router-dom';
import type { PlayMode } from '../../core/contract/play-modes';
import { paths } from '../app/paths';
import { useTranslation } from '../lib/use-translation';
import { ChevronIcon } from './icons';

/** A play mode's section of how to play (`/instructions#quiz-zone`). */
export const howToPlay = (mode: PlayMode) => `${paths.instructions}#${mode.replace(/_/g, '-')}`;

/**
 * A page heading with an optional back link (the chevron follows the reading direction) and an
 * optional "How to play" link at the inline end, to the section of the mode the page plays.
 */
export function PageTitle({
  title,
  back,
  backLabel,
  subtitle,
  howTo,
}: {
  title: string;
  back?: string;
  backLabel?: string;
  subtitle?: string;
  howTo?: PlayMode;
}) {
  const { t } = useTranslation();
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
      {howTo && (
        // The shared button classes: a stylesheet of its own would be one more file for every
        // mode's page to wait for.
        <Link
          to={howToPlay(howTo)}
          className="btn btn-ghost btn-small"
          style={{ marginInlineStart: 'auto', flexShrink: 0 }}
          data-testid="how-to-play-link"
        >
          {t('pages.instructions')}
        </Link>
      )}
    </div>
  );
}
