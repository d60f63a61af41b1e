import { Link, useParams } from 'react-router-dom';
import { useAppSelector } from '../../../app/hooks';
import { paths } from '../../../app/paths';
import { selectLanguageId } from '../../../app/selectors';
import { useTranslation } from '../../../lib/use-translation';
import { Empty, LoadState } from '../../../ui/LoadState';
import { PageTitle } from '../../../ui/PageTitle';
import { PICKER_MODES } from '../../../app/mode-defs';
import { routeNumber, titleFromSlug, titleOf, usePageTitle } from '../nav';
import { paragraphs, safeVideoUrl } from './text';
import { useText } from './use-texts';

const mode = PICKER_MODES.funAndLearn;

/** Fun and learn: one text to read (and its video), then "Start questions". */
export default function ReadPage() {
  const { t } = useTranslation();
  const { category = '', subcategory = '', id: idParam } = useParams();
  const id = routeNumber(idParam);
  const languageId = useAppSelector(selectLanguageId);
  const [state, retry] = useText(languageId, category, subcategory, id);
  const title = usePageTitle(languageId, state.status === 'ready' ? state.data.title : '');
  const list = mode.tree.subcategory(category, subcategory);
  const subTitle = titleOf(languageId, list, titleFromSlug(subcategory));
  const back = (
    <PageTitle
      title={title || t('modes.funAndLearn')}
      subtitle={subTitle}
      back={list}
      backLabel={t('modes.fnl.backToTexts')}
    />
  );

  if (state.status === 'error' && state.code === 'not_found') {
    return (
      <>
        {back}
        <Empty text={t('modes.fnl.notFound')} />
      </>
    );
  }
  if (state.status !== 'ready') {
    return (
      <>
        {back}
        <LoadState state={state} retry={retry} />
      </>
    );
  }
  const text = state.data;
  const video = safeVideoUrl(text.video_url);
  return (
    <>
      {back}
      <article className="card reading" dir="auto">
        {paragraphs(text.detail).map((p, i) => (
          <p key={i}>{p}</p>
        ))}
      </article>
      <div className="reading-actions">
        {video && (
          <a className="btn btn-outline" href={video} target="_blank" rel="noopener noreferrer" data-testid="fnl-video">
            {t('modes.fnl.watchVideo')}
            <span className="visually-hidden"> ({t('modes.fnl.newTab')})</span>
            <span aria-hidden="true" className="external">
              ↗
            </span>
          </a>
        )}
        <Link
          to={paths.funAndLearnPlay(category, subcategory, id)}
          state={{ title: subTitle }}
          className="btn btn-primary"
          data-testid="start-quiz"
        >
          {t('modes.fnl.startQuestions')} · {t('quiz.questionCount', { count: text.no_of_que })}
        </Link>
      </div>
    </>
  );
}
