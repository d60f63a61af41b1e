import { skipToken } from '@reduxjs/toolkit/query';
import { useCallback, useId, useState, type FormEvent } from 'react';
import { useLocation } from 'react-router-dom';
import type { PlaySession, Subcategory } from '../../../core/contract';
import { DEFAULT_REWARD_RULES } from '../../../core/rules/reward-rules';
import { ContentLanguagePicker } from '../../app/ContentLanguagePicker';
import { useAppSelector } from '../../app/hooks';
import { paths } from '../../app/paths';
import { selectLanguageId } from '../../app/selectors';
import { useApiQuery } from '../../app/server-state/use-api-query';
import { api, isApiError } from '../../lib/api-client';
import type { Loadable } from '../../lib/loadable';
import { useTranslation } from '../../lib/use-translation';
import { LoadState } from '../../ui/LoadState';
import { PageTitle } from '../../ui/PageTitle';
import { Segmented } from '../../ui/Segmented';
import { PICKER_MODES } from '../../app/mode-defs';
import { rememberSubcategories } from './nav';
import { SoloPlay } from '../../play/SoloPlay';
import { useRun } from './use-run';

interface Choice {
  category: string;
  subcategory: string;
  /** 0: not chosen yet. */
  limit: number;
  minutes: number;
}

const MINUTES = [3, 5, 10, 15, 20, 30];
const FIELD_CODES = ['select_questions', 'select_timer'];
const quizZone = PICKER_MODES.quizZone;

// The session the form's own request opened (so its errors show at the fields); the play takes
// it once, and a "play again" opens a new one.
let opened: PlaySession | null = null;

function openChallenge(languageId: number, c: Choice, opts: { expect?: string[] } = {}) {
  return api(
    'get_questions_for_self_challenge',
    {
      language_id: languageId,
      category_slug: c.category,
      subcategory_slug: c.subcategory || undefined,
      limit: c.limit || undefined,
      minutes: c.minutes || undefined,
    },
    opts,
  );
}

/** Self challenge: the player picks category, topic, questions and minutes; one clock for all. */
export default function SelfChallengePage() {
  const { t } = useTranslation();
  const languageId = useAppSelector(selectLanguageId);
  const [run, start] = useRun<Choice>();

  if (run) {
    const { key, ...choice } = run;
    return (
      <SoloPlay
        open={() => {
          const s = opened;
          opened = null;
          return s ? Promise.resolve(s) : openChallenge(languageId, choice, { expect: FIELD_CODES });
        }}
        playKey={`sc|${languageId}|${key}`}
        back={{ to: paths.selfLearning, label: t('modes.sc.back'), state: { choice } }}
        expect={FIELD_CODES}
      />
    );
  }
  return <ChallengeForm start={start} />;
}

function ChallengeForm({ start }: { start: (c: Choice) => void }) {
  const { t } = useTranslation();
  const ids = useId();
  const languageId = useAppSelector(selectLanguageId);
  const rules = useAppSelector((s) => s.settings.systemConfig) ?? DEFAULT_REWARD_RULES;
  // Back from a play, the form shows the last choice again.
  const previous = (useLocation().state as { choice?: Choice } | null)?.choice;
  const [choice, setChoice] = useState<Choice>(previous ?? { category: '', subcategory: '', limit: 0, minutes: 0 });
  const [errors, setErrors] = useState<Partial<Record<'category' | 'limit' | 'minutes', string>>>({});
  const [busy, setBusy] = useState(false);

  const [categories, retry] = useApiQuery('get_categories', { type: quizZone.type, language_id: languageId });
  const rememberSubs = useCallback(
    (list: Subcategory[]) => rememberSubcategories(languageId, quizZone.type, choice.category, list),
    [languageId, choice.category],
  );
  const [subsRead] = useApiQuery(
    'get_subcategory_by_maincategory',
    choice.category ? { type: quizZone.type, language_id: languageId, category_slug: choice.category } : skipToken,
    rememberSubs,
  );
  // No category chosen: no subcategories to offer.
  const subs: Loadable<Subcategory[]> = choice.category ? subsRead : { status: 'ready', data: [] };

  const maxQuestions = Math.max(5, rules.self_challenge_max_questions);
  const questionOptions = Array.from({ length: Math.floor(maxQuestions / 5) }, (_, i) => (i + 1) * 5);
  const minuteOptions = MINUTES.filter((m) => m <= rules.self_challenge_max_minutes);

  function set(patch: Partial<Choice>) {
    setChoice((c) => ({ ...c, ...patch }));
    setErrors((e) => ({
      ...e,
      ...('category' in patch ? { category: undefined } : {}),
      ...('limit' in patch ? { limit: undefined } : {}),
      ...('minutes' in patch ? { minutes: undefined } : {}),
    }));
  }

  async function submit(e: FormEvent) {
    e.preventDefault();
    const missing = {
      category: choice.category ? undefined : t('modes.sc.selectCategory'),
      limit: choice.limit ? undefined : t('modes.sc.selectQuestions'),
      minutes: choice.minutes ? undefined : t('modes.sc.selectTimer'),
    };
    setErrors(missing);
    if (missing.category || missing.limit || missing.minutes) return;
    setBusy(true);
    try {
      opened = await openChallenge(languageId, choice, { expect: FIELD_CODES });
      start(choice);
    } catch (err) {
      if (isApiError(err, 'select_questions')) setErrors({ limit: t('modes.sc.selectQuestions') });
      if (isApiError(err, 'select_timer')) setErrors({ minutes: t('modes.sc.selectTimer') });
      setBusy(false);
    }
  }

  return (
    <>
      <PageTitle
        title={t('modes.selfLearning')}
        subtitle={t('modes.sc.intro')}
        back={paths.home}
        backLabel={t('common.back')}
        howTo="self_challenge"
      />
      <ContentLanguagePicker />
      {categories.status !== 'ready' ? (
        <LoadState state={categories} retry={retry} />
      ) : (
        <form className="card form self-challenge" onSubmit={(e) => void submit(e)} noValidate>
          <div className={errors.category ? 'field has-error' : 'field'}>
            <label htmlFor={`${ids}-category`}>{t('modes.sc.category')}</label>
            <select
              id={`${ids}-category`}
              value={choice.category}
              onChange={(e) => set({ category: e.target.value, subcategory: '' })}
              aria-invalid={Boolean(errors.category)}
              aria-describedby={errors.category ? `${ids}-category-error` : undefined}
              data-testid="sc-category"
            >
              <option value="">{t('modes.sc.chooseCategory')}</option>
              {categories.data.map((c) => (
                <option key={c.id} value={c.slug}>
                  {c.category_name}
                </option>
              ))}
            </select>
            {errors.category && (
              <small id={`${ids}-category-error`} className="field-error" role="alert">
                {errors.category}
              </small>
            )}
          </div>
          <div className="field">
            <label htmlFor={`${ids}-sub`}>{t('modes.sc.subcategory')}</label>
            <select
              id={`${ids}-sub`}
              value={choice.subcategory}
              onChange={(e) => set({ subcategory: e.target.value })}
              disabled={!choice.category || subs.status !== 'ready' || subs.data.length === 0}
              data-testid="sc-subcategory"
            >
              <option value="">{t('modes.sc.anySubcategory')}</option>
              {subs.status === 'ready' &&
                subs.data.map((s) => (
                  <option key={s.id} value={s.slug}>
                    {s.subcategory_name}
                  </option>
                ))}
            </select>
          </div>
          <div className={errors.limit ? 'field choice has-error' : 'field choice'}>
            <span className="field-label" id={`${ids}-limit`}>
              {t('modes.sc.questions')}
            </span>
            <Segmented
              labelledBy={`${ids}-limit`}
              value={choice.limit}
              onChange={(limit) => set({ limit })}
              options={questionOptions.map((n) => ({ value: n, label: String(n), testId: `sc-questions-${n}` }))}
            />
            {errors.limit && (
              <small className="field-error" role="alert" data-testid="sc-questions-error">
                {errors.limit}
              </small>
            )}
          </div>
          <div className={errors.minutes ? 'field choice wide has-error' : 'field choice wide'}>
            <span className="field-label" id={`${ids}-minutes`}>
              {t('modes.sc.minutes')}
            </span>
            <Segmented
              labelledBy={`${ids}-minutes`}
              value={choice.minutes}
              onChange={(minutes) => set({ minutes })}
              options={minuteOptions.map((n) => ({
                value: n,
                label: t('modes.sc.minutesOption', { count: n }),
                testId: `sc-minutes-${n}`,
              }))}
            />
            {errors.minutes && (
              <small className="field-error" role="alert" data-testid="sc-minutes-error">
                {errors.minutes}
              </small>
            )}
          </div>
          <button type="submit" className="btn btn-primary btn-block" disabled={busy} data-testid="start-quiz">
            {t('modes.sc.start')}
          </button>
        </form>
      )}
    </>
  );
}
