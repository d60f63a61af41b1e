import { DEFAULT_REWARD_RULES } from '../../../core/rules/reward-rules';
import { ContentLanguagePicker } from '../../app/ContentLanguagePicker';
import { useAppSelector } from '../../app/hooks';
import { paths } from '../../app/paths';
import { selectLanguageId } from '../../app/selectors';
import { api } from '../../lib/api-client';
import { useTranslation } from '../../lib/use-translation';
import { PageTitle } from '../../ui/PageTitle';
import { SoloPlay } from '../../play/SoloPlay';
import { useRun } from './use-run';

const EXPECT = ['not_found'];

/** True and false: a start card (questions, seconds, rewarded plays a day), then the play. */
export default function TrueFalsePage() {
  const { t } = useTranslation();
  const languageId = useAppSelector(selectLanguageId);
  const rules = useAppSelector((s) => s.settings.systemConfig) ?? DEFAULT_REWARD_RULES;
  const [run, start] = useRun<object>();

  if (run) {
    return (
      <SoloPlay
        open={() => api('get_questions_by_type', { language_id: languageId, type: 2, resume: 1 }, { expect: EXPECT })}
        playKey={`tf|${languageId}|${run.key}`}
        back={{ to: paths.trueFalse, label: t('modes.tf.back') }}
        expect={EXPECT}
      />
    );
  }
  return (
    <>
      <PageTitle title={t('modes.trueFalse')} back={paths.home} backLabel={t('common.back')} howTo="true_false" />
      <ContentLanguagePicker />
      <section className="card start-card" aria-labelledby="tf-intro">
        <div className="start-art tf-art" aria-hidden="true">
          <span className="good">✓</span>
          <span className="bad">✗</span>
        </div>
        <p id="tf-intro">{t('modes.tf.intro')}</p>
        <ul className="facts">
          <li>{t('modes.tf.questions', { count: rules.true_false_questions })}</li>
          <li>{t('modes.tf.seconds', { count: rules.true_false_question_seconds })}</li>
          <li>{t('modes.tf.rewarded', { count: rules.true_false_rewarded_per_day })}</li>
        </ul>
        <button type="button" className="btn btn-primary btn-block" onClick={() => start({})} data-testid="start-quiz">
          {t('modes.tf.start')}
        </button>
      </section>
    </>
  );
}
