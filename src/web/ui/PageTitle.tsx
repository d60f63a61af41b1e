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
        // Drawn like the back button, at the other end: a round "?" that names itself, so a long
        // title keeps its line on a phone (and no stylesheet of its own for every page to wait for).
        <Link
          to={howToPlay(howTo)}
          className="back-link"
          style={{ marginInlineStart: 'auto', fontWeight: 800, fontSize: '1.2rem', textDecoration: 'none' }}
          aria-label={t('pages.instructions')}
          title={t('pages.instructions')}
          data-testid="how-to-play-link"
        >
          {/* Mirrored in right-to-left, as the Arabic question mark is. */}
          <span className="flip">?</span>
        </Link>
      )}
    </div>
  );
}
