import { Link, useParams } from 'react-router-dom';
import type { Comprehension } from '../../../../core/contract';
import { useAppSelector } from '../../../app/hooks';
import { paths } from '../../../app/paths';
import { selectLanguageId } from '../../../app/selectors';
import { useTranslation } from '../../../lib/use-translation';
import { ChevronIcon, StarIcon } from '../../../ui/icons';
import { Empty } from '../../../ui/LoadState';
import { PageTitle } from '../../../ui/PageTitle';
import { PICKER_MODES } from '../../../app/mode-defs';
import { PickerState } from '../picker/PickerState';
import { titleFromSlug, usePageTitle } from '../nav';
import { useTexts } from './use-texts';

const mode = PICKER_MODES.funAndLearn;

/** Fun and learn: the texts of a subcategory, with whether each was played and its best score. */
export default function TextsPage() {
  const { t } = useTranslation();
  const { category = '', subcategory = '' } = useParams();
  const languageId = useAppSelector(selectLanguageId);
  const title = usePageTitle(languageId, titleFromSlug(subcategory));
  const [state, retry] = useTexts(languageId, category, subcategory);

  function row(c: Comprehension) {
    const status = c.played ? t('modes.picker.played') : t('modes.picker.notPlayed');
    return (
      <Link
        to={paths.funAndLearnText(category, subcategory, c.id)}
        state={{ title: c.title }}
        className={c.played ? 'round-row cleared' : 'round-row'}
        data-testid={`fnl-text-${c.id}`}
        data-played={c.played}
      >
        {/* Named by one sentence; the row shows its parts (a text name holds what is seen). */}
        <span className="visually-hidden">{`${t('modes.fnl.textLabel', { title: c.title, status })}${
          c.played ? `, ${t('modes.picker.bestScore', { score: c.best_score })}` : ''
        }`}</span>
        <span className="round-badge" aria-hidden="true">
          {c.played ? '✓' : '✎'}
        </span>
        <span className="round-body" aria-hidden="true">
          <span className="round-name" dir="auto">
            {c.title}
          </span>
          <span className="round-meta">
            {t('quiz.questionCount', { count: c.no_of_que })}
            {' · '}
            {c.played ? (
              <>
                <StarIcon size={14} /> {t('modes.picker.bestScore', { score: c.best_score })}
              </>
            ) : (
              status
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
        subtitle={t('modes.fnl.pickText')}
        back={mode.tree.category(category)}
        backLabel={t('common.back')}
      />
      {state.status !== 'ready' ? (
        <PickerState state={state} retry={retry} />
      ) : state.data.length === 0 ? (
        <Empty text={t('modes.fnl.noTexts')} />
      ) : (
        <ul className="grid rounds-list">
          {state.data.map((c) => (
            <li key={c.id}>{row(c)}</li>
          ))}
        </ul>
      )}
    </>
  );
}
