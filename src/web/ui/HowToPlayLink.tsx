import { Link } from 'react-router-dom';
import type { PlayMode } from '../../core/rules/play-modes';
import { paths } from '../app/paths';
import { useTranslation } from '../lib/use-translation';
import './onboarding.css';

/** "How to play", to a mode's own section of the how-to-play page (on each mode's screen). */
export function HowToPlayLink({ mode }: { mode: PlayMode }) {
  const { t } = useTranslation();
  return (
    <Link to={paths.howToPlay(mode)} className="how-to-play-link" data-testid="how-to-play-link">
      <span className="how-to-play-mark" aria-hidden="true">
        ?
      </span>
      {t('pages.instructions')}
    </Link>
  );
}
