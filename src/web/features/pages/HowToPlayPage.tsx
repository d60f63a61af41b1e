import { useEffect, useMemo } from 'react';
import { Link, useLocation } from 'react-router-dom';
import type { PlayMode } from '../../../core/contract/play-modes';
import { useAppSelector } from '../../app/hooks';
import { paths } from '../../app/paths';
import { useApiQuery } from '../../app/server-state/use-api-query';
import { formatCount } from '../../lib/format-number';
import { useGuideT } from '../../lib/guide-i18n';
import { useTranslation } from '../../lib/use-translation';
import { PageTitle } from '../../ui/PageTitle';
import { Spinner } from '../../ui/Spinner';
import { modeGuides } from './mode-guide';
import '../../ui/onboarding.css';

/** Each mode's name in the players' catalogue (the home grid's names). */
const MODE_NAME = {
  quiz_zone: 'modes.quizZone',
  daily_quiz: 'modes.dailyQuiz',
  true_false: 'modes.trueFalse',
  fun_and_learn: 'modes.funAndLearn',
  guess_the_word: 'modes.guessTheWord',
  self_challenge: 'modes.selfLearning',
  audio_questions: 'modes.audioQuestions',
  maths_mania: 'modes.mathMania',
  multi_match: 'modes.multiMatch',
  exam: 'modes.examModule',
  contest: 'modes.contestPlay',
  one_vs_one_battle: 'modes.randomBattle',
  group_battle: 'modes.groupBattle',
} as const satisfies Record<PlayMode, string>;

const anchor = (mode: PlayMode) => mode.replace(/_/g, '-');

/** The operator's paragraphs, none when the server answers with its built-in text. */
const paragraphsOf = (d: { message: string; is_default: boolean }) =>
  d.is_default ? [] : d.message.split(/\n{2,}/).filter((p) => p.trim() !== '');

/** How to play: a section per mode on offer, its rules and rewards from the configuration in effect. */
export default function HowToPlayPage() {
  const { t } = useTranslation();
  const { t: g, lang } = useGuideT();
  const config = useAppSelector((s) => s.settings.systemConfig);
  const guides = useMemo(() => (config ? modeGuides(config) : null), [config]);
  const { hash } = useLocation();
  // The operator's own words on how to play (console → Pages) come first; the built-in intro
  // when there are none or they cannot be fetched.
  const [text] = useApiQuery(
    'get_settings',
    { type: 'instructions', call: { expect: ['network', 'unknown', 'internal_error'] } },
    paragraphsOf,
  );
  const own = text.status === 'loading' ? null : text.status === 'ready' ? text.data : [];

  // A mode's screen links to its section: scroll there once the sections are on the page.
  useEffect(() => {
    if (!hash || !guides) return;
    const el = document.getElementById(decodeURIComponent(hash.slice(1)));
    if (!el) return;
    const reduce = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
    el.scrollIntoView?.({ block: 'start', behavior: reduce ? 'auto' : 'smooth' });
    el.focus({ preventScroll: true });
  }, [hash, guides]);

  const n = (v: number) => formatCount(v, lang);

  return (
    <>
      <PageTitle title={t('pages.instructions')} back={paths.home} backLabel={t('common.back')} />
      <article className="card how-to-intro" data-testid="page-instructions">
        {own === null ? (
          <Spinner />
        ) : own.length > 0 ? (
          own.map((p, i) => (
            <p key={i} dir="auto" data-testid="how-to-operator">
              {p}
            </p>
          ))
        ) : (
          <p>{g('howTo.intro')}</p>
        )}
        <p className="muted">{g('howTo.floor')}</p>
      </article>
      {!guides ? (
        <Spinner />
      ) : (
        <>
          <nav className="how-to-jump" aria-label={g('howTo.jump')}>
            <ul>
              {guides.map(({ mode }) => (
                <li key={mode}>
                  <Link to={{ hash: anchor(mode) }} className="chip">
                    {t(MODE_NAME[mode])}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
          <div className="how-to-modes">
            {guides.map(({ mode, facts }) => (
              <section
                key={mode}
                id={anchor(mode)}
                className="card how-to-mode"
                aria-labelledby={`${anchor(mode)}-title`}
                tabIndex={-1}
                data-testid={`how-to-${mode}`}
              >
                <h2 id={`${anchor(mode)}-title`}>{t(MODE_NAME[mode])}</h2>
                <p>{g(`howTo.mode.${mode}`)}</p>
                <ul className="how-to-facts" aria-label={g('howTo.rules')}>
                  {facts.map((f, i) => (
                    <li key={i} data-testid={`fact-${mode}-${f.name}`}>
                      {g(
                        `howTo.fact.${f.name}`,
                        // The figures written for the language; `n`, the fact's amount, picks the plural form.
                        {
                          ...Object.fromEntries(Object.entries(f.values).map(([k, v]) => [k, n(v)])),
                          count: f.values.n,
                        },
                      )}
                    </li>
                  ))}
                </ul>
              </section>
            ))}
          </div>
        </>
      )}
    </>
  );
}
