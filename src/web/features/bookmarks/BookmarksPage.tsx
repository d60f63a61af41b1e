import { useState } from 'react';
import { Link } from 'react-router-dom';
import type { Bookmark, CategoryType } from '../../../core/contract';
import { paths } from '../../app/paths';
import { isApiFailure } from '../../app/server-state/base-query';
import { useApiQuery } from '../../app/server-state/use-api-query';
import { useApiMutation } from '../../app/server-state/use-api-mutation';
import { toast } from '../../lib/toast';
import { useTranslation } from '../../lib/use-translation';
import { Empty, LoadState } from '../../ui/LoadState';
import { PageTitle } from '../../ui/PageTitle';
import { Segmented } from '../../ui/Segmented';
import { TYPE_NAMES } from '../../app/mode-defs';

/** A question's text on one line for labels ("Remove from bookmarks: …"). */
const short = (s: string) => (s.length > 80 ? `${s.slice(0, 77)}…` : s);

/** The player's bookmarked questions: filter by mode, remove one, play them. */
export default function BookmarksPage() {
  const { t } = useTranslation();
  // A change of content language reloads it (the `language` tag: its fields name none).
  const [state, retry] = useApiQuery('get_bookmark', {});
  const setBookmark = useApiMutation('set_bookmark');
  const [type, setType] = useState(0);
  const [removed, setRemoved] = useState<ReadonlySet<number>>(new Set());
  const [busy, setBusy] = useState<number | null>(null);

  async function remove(b: Bookmark) {
    setBusy(b.question_id);
    try {
      await setBookmark({ question_id: b.question_id, status: 0, call: { expect: ['bookmark_remove_failed'] } });
      setRemoved((r) => new Set(r).add(b.question_id));
      toast.success(t('modes.bm.removed'));
    } catch (e) {
      if (isApiFailure(e, 'bookmark_remove_failed')) toast.error(t('modes.bm.removeFailed'));
    } finally {
      setBusy(null);
    }
  }

  const title = (
    <PageTitle
      title={t('modes.bookmarks')}
      subtitle={t('modes.bm.subtitle')}
      back={paths.profile}
      backLabel={t('common.back')}
    />
  );
  if (state.status !== 'ready') {
    return (
      <>
        {title}
        <LoadState state={state} retry={retry} />
      </>
    );
  }

  const all = state.data.filter((b) => !removed.has(b.question_id));
  const types = [...new Set(all.map((b) => b.type as CategoryType))].filter((x) => x in TYPE_NAMES).sort();
  // A filter whose last question was removed falls back to "all".
  const shown = type && types.includes(type as CategoryType) ? type : 0;
  const list = shown ? all.filter((b) => b.type === shown) : all;

  return (
    <>
      {title}
      {all.length === 0 ? (
        <Empty text={t('modes.bm.empty')} />
      ) : (
        <>
          {types.length > 1 && (
            <div className="bookmark-filter">
              <span className="muted" id="bookmark-filter-label">
                {t('modes.bm.filter')}
              </span>
              <Segmented
                labelledBy="bookmark-filter-label"
                value={shown}
                onChange={setType}
                options={[
                  { value: 0, label: t('modes.bm.all'), testId: 'bookmark-type-all' },
                  ...types.map((x) => ({ value: x, label: t(`modes.${TYPE_NAMES[x]}`), testId: `bookmark-type-${x}` })),
                ]}
              />
            </div>
          )}
          <Link
            to={paths.playBookmarksOf(shown || undefined)}
            className="btn btn-primary btn-block play-bookmarks"
            data-testid="play-bookmarks"
          >
            {t('modes.bm.play')}
          </Link>
          <ul className="bookmark-list">
            {list.map((b) => (
              <li key={b.question_id} className="card bookmark-row" data-testid={`bookmark-row-${b.question_id}`}>
                <div className="bookmark-body">
                  <p className="bookmark-meta">
                    <span className="tag">{t(`modes.${TYPE_NAMES[b.type as CategoryType] ?? 'quizZone'}`)}</span>
                    <span className="muted" dir="auto">
                      {b.category_name}
                    </span>
                  </p>
                  <p className="bookmark-question" dir="auto">
                    {b.question.question}
                  </p>
                </div>
                <button
                  type="button"
                  className="btn btn-danger-ghost btn-small"
                  disabled={busy === b.question_id}
                  onClick={() => void remove(b)}
                  aria-label={t('modes.bm.removeLabel', { question: short(b.question.question) })}
                  data-testid={`bookmark-remove-${b.question_id}`}
                >
                  {t('modes.bm.remove')}
                </button>
              </li>
            ))}
          </ul>
        </>
      )}
    </>
  );
}
