import { useCallback, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { Category } from '../../../../core/contract';
import { ContentLanguagePicker } from '../../../app/ContentLanguagePicker';
import { useAppSelector } from '../../../app/hooks';
import { paths } from '../../../app/paths';
import { selectLanguageId } from '../../../app/selectors';
import { useApiQuery } from '../../../app/server-state/use-api-query';
import { useTranslation } from '../../../lib/use-translation';
import { ChevronIcon, LockIcon } from '../../../ui/icons';
import { LinkTile } from '../../../ui/LinkTile';
import { Empty, LoadState } from '../../../ui/LoadState';
import { PageTitle } from '../../../ui/PageTitle';
import type { PickerMode } from '../../../app/mode-defs';
import { rememberTitle } from '../nav';
import { UnlockDialog } from './UnlockDialog';

/** A mode's category cards; a premium category not unlocked yet asks to be paid for first. */
export function CategoryPicker({ mode }: { mode: PickerMode }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const languageId = useAppSelector(selectLanguageId);
  const [unlocking, setUnlocking] = useState<Category | null>(null);
  const remember = useCallback(
    (list: Category[]) => {
      for (const c of list) rememberTitle(languageId, mode.tree.category(c.slug), c.category_name);
      return list;
    },
    [languageId, mode],
  );
  const [state, retry] = useApiQuery('get_categories', { type: mode.type, language_id: languageId }, remember);

  const meta = (c: Category) => (
    <>
      {t('quiz.questionCount', { count: c.no_of_que })}
      {c.is_premium && !c.has_unlocked && (
        <span className="tag tag-premium">
          <LockIcon size={14} /> {t('quiz.premium', { count: c.coins })}
        </span>
      )}
    </>
  );

  return (
    <>
      <PageTitle
        title={t(`modes.${mode.key}`)}
        subtitle={t('quiz.pickCategory')}
        back={paths.home}
        backLabel={t('common.back')}
        howTo={mode.playMode}
      />
      <ContentLanguagePicker />
      {state.status !== 'ready' ? (
        <LoadState state={state} retry={retry} />
      ) : state.data.length === 0 ? (
        <Empty text={t('quiz.noCategories')} />
      ) : (
        <ul className="grid cards-grid">
          {state.data.map((c) => (
            <li key={c.id}>
              {c.is_premium && !c.has_unlocked ? (
                <button
                  type="button"
                  className="tile tile-button"
                  data-testid={`category-${c.slug}`}
                  aria-haspopup="dialog"
                  onClick={() => setUnlocking(c)}
                >
                  {/* Named by one sentence (name, premium, price); the tile shows its parts. */}
                  <span className="visually-hidden">
                    {t('modes.picker.premiumLabel', { name: c.category_name, count: c.coins })}
                  </span>
                  <img
                    src={c.image || '/icons/icon.svg'}
                    alt=""
                    className="tile-image"
                    loading="lazy"
                    width={64}
                    height={64}
                  />
                  <span className="tile-body" aria-hidden="true">
                    <span className="tile-name" dir="auto">
                      {c.category_name}
                    </span>
                    <span className="tile-meta">{meta(c)}</span>
                  </span>
                  <ChevronIcon />
                </button>
              ) : (
                <LinkTile
                  to={mode.tree.category(c.slug)}
                  name={c.category_name}
                  image={c.image}
                  testId={`category-${c.slug}`}
                >
                  {meta(c)}
                </LinkTile>
              )}
            </li>
          ))}
        </ul>
      )}
      {unlocking && (
        <UnlockDialog
          category={unlocking}
          type={mode.type}
          onClose={() => setUnlocking(null)}
          onUnlocked={(c) => void navigate(mode.tree.category(c.slug), { state: { title: c.category_name } })}
        />
      )}
    </>
  );
}
