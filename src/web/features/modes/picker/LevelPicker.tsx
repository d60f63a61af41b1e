import { skipToken } from '@reduxjs/toolkit/query';
import { useCallback } from 'react';
import { Link, useParams } from 'react-router-dom';
import type { LevelData } from '../../../../core/contract';
import { useAppSelector } from '../../../app/hooks';
import { selectLanguageId } from '../../../app/selectors';
import { useApiQuery } from '../../../app/server-state/use-api-query';
import { errorMessage } from '../../../lib/i18n';
import { toast } from '../../../lib/toast';
import { useTranslation } from '../../../lib/use-translation';
import { ChevronIcon, LockIcon, StarIcon } from '../../../ui/icons';
import { Empty } from '../../../ui/LoadState';
import { PageTitle } from '../../../ui/PageTitle';
import type { PickerMode } from '../../../app/mode-defs';
import { PickerState } from './PickerState';
import { rememberTitle, titleFromSlug, usePageTitle } from '../nav';

type Level = LevelData['levels'][number];

/**
 * The levels of a subcategory (locked, unlocked or cleared: quiz zone, multi-match) or its
 * rounds (all open: guess the word, audio, maths), with the best score.
 */
export function LevelPicker({ mode }: { mode: PickerMode }) {
  const { t } = useTranslation();
  const { category = '', subcategory = '' } = useParams();
  const languageId = useAppSelector(selectLanguageId);
  // Fetched on every visit, so a level unlocked by the last play shows at once; a multi-match
  // subcategory's levels come from their own action. A stale or mistyped address is said on the
  // page, not in a toast as well.
  const remember = useCallback(
    (d: LevelData) => {
      rememberTitle(languageId, mode.tree.category(category), d.category_name);
      return d;
    },
    [languageId, mode, category],
  );
  const fields = { category_slug: category, subcategory_slug: subcategory, language_id: languageId };
  const call = { expect: ['not_found'] };
  const multiMatch = mode.key === 'multiMatch';
  const [levels, retryLevels] = useApiQuery(
    'get_level_data',
    multiMatch ? skipToken : { ...fields, type: mode.type, call },
    remember,
  );
  const [matchLevels, retryMatch] = useApiQuery(
    'get_multi_match_level_data',
    multiMatch ? { ...fields, call } : skipToken,
    remember,
  );
  const [state, retry] = multiMatch ? [matchLevels, retryMatch] : [levels, retryLevels];
  // A deep link has no title in its navigation state: the server's name, then the slug.
  const title = usePageTitle(
    languageId,
    state.status === 'ready' ? state.data.subcategory_name : titleFromSlug(subcategory),
  );
  const rounds = mode.holds === 'rounds';

  function levelTile(l: Level) {
    const label = t('quiz.levelLabel', { level: l.level, status: t(`quiz.status.${l.status}`) });
    // The tile is named by one sentence ("Level 2, locked"); what it shows is its short form. A
    // locked level says so in words beside the lock, not by its grey alone (WCAG 1.4.1).
    const body = (
      <>
        <span className="visually-hidden">{label}</span>
        <span className="level-number" aria-hidden="true">
          {l.level}
        </span>
        <span className="level-status" aria-hidden="true">
          {l.status === 'locked' ? (
            <>
              <LockIcon size={16} /> {t('quiz.locked')}
            </>
          ) : l.status === 'cleared' ? (
            <>
              <StarIcon size={14} /> {t('quiz.best', { score: l.best_score })}
            </>
          ) : (
            t('quiz.play')
          )}
        </span>
      </>
    );
    const common = { 'data-testid': `level-${l.level}`, 'data-status': l.status, className: `level-tile ${l.status}` };
    if (l.status === 'locked') {
      return (
        <button type="button" {...common} onClick={() => toast.error(errorMessage('level_locked'))}>
          {body}
        </button>
      );
    }
    return (
      <Link to={mode.tree.item(category, subcategory, l.level)} state={{ title }} {...common}>
        {body}
      </Link>
    );
  }

  function roundRow(l: Level) {
    const cleared = l.status === 'cleared';
    const played = cleared || l.best_score > 0;
    const status = cleared
      ? t('modes.picker.cleared')
      : played
        ? t('modes.picker.played')
        : t('modes.picker.notPlayed');
    return (
      <Link
        to={mode.tree.item(category, subcategory, l.level)}
        state={{ title }}
        className={`round-row ${l.status}`}
        data-testid={`round-${l.level}`}
        data-status={l.status}
      >
        {/* Named by one sentence; the row shows its parts (a text name holds what is seen). */}
        <span className="visually-hidden">{`${t('modes.picker.roundLabel', { n: l.level, status })}${
          played ? `, ${t('modes.picker.bestScore', { score: l.best_score })}` : ''
        }`}</span>
        <span className="round-badge" aria-hidden="true">
          {cleared ? '✓' : l.level}
        </span>
        <span className="round-body" aria-hidden="true">
          <span className="round-name">{t('modes.picker.round', { n: l.level })}</span>
          <span className="round-meta">
            {status}
            {played && (
              <>
                {' · '}
                <StarIcon size={14} /> {t('modes.picker.bestScore', { score: l.best_score })}
              </>
            )}
          </span>
        </span>
        <ChevronIcon />
      </Link>
    );
  }

  return (
    <>
      <PageTitle
        title={title}
        subtitle={rounds ? t('modes.picker.pickRound') : t('quiz.pickLevel')}
        back={mode.tree.category(category)}
        backLabel={t('common.back')}
      />
      {state.status !== 'ready' ? (
        <PickerState state={state} retry={retry} />
      ) : state.data.levels.length === 0 ? (
        <Empty text={rounds ? t('modes.picker.noRounds') : t('modes.picker.noLevels')} />
      ) : rounds ? (
        <ul className="grid rounds-list">
          {state.data.levels.map((l) => (
            <li key={l.level}>{roundRow(l)}</li>
          ))}
        </ul>
      ) : (
        <ul className="grid levels-grid">
          {state.data.levels.map((l) => (
            <li key={l.level}>{levelTile(l)}</li>
          ))}
        </ul>
      )}
    </>
  );
}
