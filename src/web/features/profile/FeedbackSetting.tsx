import { useSyncExternalStore } from 'react';
import { cue, music } from '../../lib/feedback/cues';
import { feedbackPrefs, setFeedbackPrefs, subscribeFeedbackPrefs, type FeedbackPrefs } from '../../lib/feedback/prefs';
import { useTranslation } from '../../lib/use-translation';

const ROWS: (keyof FeedbackPrefs)[] = ['effects', 'music', 'vibration'];

/** Sound effects, music and vibration on this device: a switch each, heard or felt when turned on. */
export function FeedbackSetting() {
  const { t } = useTranslation();
  const prefs = useSyncExternalStore(subscribeFeedbackPrefs, feedbackPrefs);

  function flip(key: keyof FeedbackPrefs) {
    const on = !prefs[key];
    setFeedbackPrefs({ [key]: on });
    // What it does, at once: a right-answer sound or buzz; a bar of the loop, stopped again.
    if (on && key !== 'music') cue('right');
    if (key === 'music') {
      music(on);
      if (on) setTimeout(() => music(false), 2000);
    }
  }

  return (
    <section className="card" aria-labelledby="feedback-setting-title" data-testid="feedback-setting">
      <h2 id="feedback-setting-title">{t('feedback.title')}</h2>
      <p className="muted">{t('feedback.text')}</p>
      {ROWS.map((key) => (
        <div className="setting-row" key={key}>
          <span id={`feedback-${key}`}>{t(`feedback.${key}`)}</span>
          <button
            type="button"
            role="switch"
            aria-checked={prefs[key]}
            aria-labelledby={`feedback-${key}`}
            className={prefs[key] ? 'btn btn-primary btn-small' : 'btn btn-outline btn-small'}
            data-testid={`feedback-${key}`}
            onClick={() => flip(key)}
          >
            {t(prefs[key] ? 'feedback.on' : 'feedback.off')}
          </button>
        </div>
      ))}
    </section>
  );
}
