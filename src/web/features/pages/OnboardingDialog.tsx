import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import type { SystemConfigurations } from '../../../core/contract';
import { ContentLanguagePicker } from '../../app/ContentLanguagePicker';
import { useAppSelector } from '../../app/hooks';
import { InterfaceLanguage } from '../../app/InterfaceLanguage';
import { paths } from '../../app/paths';
import { formatCount, formatMoney } from '../../lib/format-number';
import { useGuideT, type GuideKey } from '../../lib/guide-i18n';
import { ONBOARDING_KEY } from '../../lib/onboarding-due';
import { useModalOnMount } from '../../ui/use-modal';
import { CoinIcon, LockIcon, StarIcon } from '../../ui/icons';
import '../../ui/onboarding.css';

const STEPS = ['languages', 'coins', 'levels'] as const;
type Step = (typeof STEPS)[number];
const TITLES: Record<Step, GuideKey> = {
  languages: 'onboarding.languagesTitle',
  coins: 'onboarding.coinsTitle',
  levels: 'onboarding.levelsTitle',
};

/** Each step's picture: drawn with the app's own icons, not an image to download. */
function Picture({ step }: { step: Step }) {
  if (step === 'languages')
    return (
      <span className="onboarding-picture" aria-hidden="true">
        <span lang="en">A</span>
        <span lang="ar">ع</span>
      </span>
    );
  if (step === 'coins')
    return (
      <span className="onboarding-picture" aria-hidden="true">
        <CoinIcon size={44} />
      </span>
    );
  return (
    <span className="onboarding-picture levels" aria-hidden="true">
      <StarIcon size={30} />
      <span className="onboarding-arrow" />
      <LockIcon size={26} />
    </span>
  );
}

/** Finished or skipped: never again on this device (onboarding-due.ts says why per device). */
function onboardingDone(): void {
  try {
    localStorage.setItem(ONBOARDING_KEY, 'done');
  } catch {
    // No storage (private mode): nothing was marked due either.
  }
}

/**
 * The first-run onboarding (issue 22): the languages, how coins work, how levels work, then
 * "Start playing". A modal dialog (focus stays inside; Escape skips); every step can be skipped,
 * and once finished or skipped it never shows again on this device.
 */
export default function OnboardingDialog() {
  const config = useAppSelector((s) => s.settings.systemConfig);
  const [closed, setClosed] = useState(false);
  // Its amounts are the configuration's: without one (not loaded) it waits for it.
  return config && !closed ? <Steps r={config} onClose={() => setClosed(true)} /> : null;
}

function Steps({ r, onClose }: { r: SystemConfigurations; onClose: () => void }) {
  const { t, lang } = useGuideT();
  const dialog = useModalOnMount();
  const title = useRef<HTMLHeadingElement>(null);
  const [index, setIndex] = useState(0);
  const step = STEPS[index]!;
  const last = index === STEPS.length - 1;
  const appName = useAppSelector((s) => s.settings.data?.app_name ?? '');
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const n = (v: number) => formatCount(v, lang);

  // Each step's title takes the focus, so a screen reader reads the new step.
  useEffect(() => {
    title.current?.focus();
  }, [index]);

  function finish(start: boolean) {
    onboardingDone();
    onClose();
    // From home, "Start playing" opens the quiz zone; elsewhere the player goes on where they were.
    if (start && pathname === paths.home) navigate(paths.quizZone);
  }

  return (
    <dialog
      ref={dialog}
      className="dialog onboarding"
      aria-labelledby="onboarding-title"
      aria-describedby="onboarding-step"
      data-testid="onboarding"
      data-step={step}
      onCancel={(e) => {
        e.preventDefault();
        finish(false);
      }}
    >
      <div className="onboarding-top">
        <span id="onboarding-step" className="muted">
          {t('onboarding.stepOf', { n: n(index + 1), total: n(STEPS.length) })}
        </span>
        <button type="button" className="btn btn-ghost" onClick={() => finish(false)} data-testid="onboarding-skip">
          {t('onboarding.skip')}
        </button>
      </div>
      <ol className="onboarding-dots" aria-hidden="true">
        {STEPS.map((s, i) => (
          <li key={s} className={i === index ? 'on' : i < index ? 'done' : undefined} />
        ))}
      </ol>
      <div className="onboarding-body" key={step}>
        <Picture step={step} />
        {index === 0 && <p className="onboarding-welcome muted">{t('onboarding.label', { app: appName })}</p>}
        <h2 id="onboarding-title" ref={title} tabIndex={-1}>
          {t(TITLES[step])}
        </h2>
        {step === 'languages' && (
          <>
            <p>{t('onboarding.languagesBody')}</p>
            <InterfaceLanguage />
            <ContentLanguagePicker card />
          </>
        )}
        {step === 'coins' && (
          <ul className="onboarding-points">
            <li data-testid="onboarding-earn">
              {t('onboarding.coinsEarn', { level: n(r.quiz_zone_max_coins), welcome: n(r.welcome_bonus) })}
            </li>
            <li data-testid="onboarding-spend">
              {t('onboarding.coinsSpend', { lifeline: n(r.lifeline_cost), fee: n(r.battle.random_battle_entry_fee) })}
            </li>
            <li data-testid="onboarding-redeem">
              {t('onboarding.coinsRedeem', {
                per: n(r.payout_coins_per_unit),
                unit: formatMoney(1, r.payout_currency, lang),
                min: n(r.payout_min_coins),
              })}
            </li>
          </ul>
        )}
        {step === 'levels' && (
          <ul className="onboarding-points">
            <li>
              {t('onboarding.levelsQuestions', {
                count: r.quiz_zone_questions_per_level, // a number: it picks the plural form
                seconds: n(r.quiz_zone_question_seconds),
              })}
            </li>
            <li data-testid="onboarding-pass">
              {t('onboarding.levelsPass', { pass: n(r.quiz_zone_pass_percentage) })}
            </li>
            <li>{t('onboarding.levelsCoins', { full: n(r.quiz_coin_full_percentage) })}</li>
            <li className="muted">{t('onboarding.levelsMore')}</li>
          </ul>
        )}
      </div>
      <div className="row onboarding-nav">
        {index > 0 && (
          <button type="button" className="btn btn-ghost" onClick={() => setIndex(index - 1)}>
            {t('onboarding.back')}
          </button>
        )}
        {last ? (
          <button type="button" className="btn btn-primary" onClick={() => finish(true)} data-testid="onboarding-start">
            {t('onboarding.start')}
          </button>
        ) : (
          <button
            type="button"
            className="btn btn-primary"
            onClick={() => setIndex(index + 1)}
            data-testid="onboarding-next"
          >
            {t('onboarding.next')}
          </button>
        )}
      </div>
    </dialog>
  );
}
