import { useEffect, useEffectEvent, useId, useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import type { ExamSummary } from '../../../core/contract';
import { useAppSelector } from '../../app/hooks';
import { paths } from '../../app/paths';
import { selectLanguageId, selectUser } from '../../app/selectors';
import { api, isApiError } from '../../lib/api-client';
import { errorMessage } from '../../lib/i18n';
import { useTranslation } from '../../lib/use-translation';
import { browserTimezone, gmtOffset } from '../../lib/zone';
import { handOverExam } from './exam-cache';
import { readExam, sessionStore, writeExam } from './exam-store';
import { ExamFacts } from './ExamFacts';
import { useModalOnMount } from '../../ui/use-modal';

/** Refusals the sheet shows itself, at the field they concern or under the form. */
const EXPECT = [
  'exam_key_required',
  'invalid_exam_key',
  'exam_rules_required',
  'exam_not_open',
  'exam_time_over',
  'already_played',
  'rate_limited',
  'not_found',
  'invalid_input',
];

type Errors = { key?: string; rules?: string; form?: string };

/**
 * Before an exam: its rules as the examiner wrote them, the app's own rules (recording,
 * screenshots, leaving the app), the exam key and "I agree"; then the attempt starts (or resumes)
 * on the server and the play screen opens.
 */
export function ExamStartSheet({ exam, onClose }: { exam: ExamSummary; onClose: () => void }) {
  const { t } = useTranslation();
  const ids = useId();
  const navigate = useNavigate();
  const languageId = useAppSelector(selectLanguageId);
  const user = useAppSelector(selectUser);
  const dialog = useModalOnMount();
  const [key, setKey] = useState(() => (user ? readExam(sessionStore(), user.id, exam.id).key : ''));
  const [agreed, setAgreed] = useState(false);
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);
  const keyInput = useRef<HTMLInputElement>(null);
  const rulesBox = useRef<HTMLInputElement>(null);
  // Bumped at each refusal: the first field at fault takes the focus (and scrolls into view).
  const [refused, setRefused] = useState(0);

  const focusFault = useEffectEvent(() => {
    const at = errors.key ? keyInput.current : errors.rules ? rulesBox.current : null;
    // Centred, not just inside the edge: the sticky actions would cover it.
    at?.focus({ preventScroll: true });
    at?.scrollIntoView?.({ block: 'center' });
  });
  useEffect(() => {
    if (refused) focusFault();
  }, [refused]);

  async function start(e: FormEvent) {
    e.preventDefault();
    const found: Errors = {
      key: key.trim() ? undefined : t('exam.sheet.keyRequired'),
      rules: agreed ? undefined : t('exam.sheet.agreeRequired'),
    };
    setErrors(found);
    if (found.key || found.rules) return setRefused((n) => n + 1);
    setBusy(true);
    try {
      const play = await api(
        'get_exam_module_questions',
        {
          exam_module_id: exam.id,
          exam_key: key.trim(),
          rules_accepted: 1,
          language_id: languageId,
          timezone: browserTimezone(),
          gmt_format: gmtOffset(),
        },
        { expect: EXPECT },
      );
      const receivedAt = Date.now();
      if (user) writeExam(sessionStore(), user.id, exam.id, { key: key.trim() });
      handOverExam(play, receivedAt);
      dialog.current?.close?.();
      void navigate(paths.examPlay(exam.id));
    } catch (err) {
      setBusy(false);
      if (isApiError(err, 'exam_key_required') || isApiError(err, 'invalid_exam_key'))
        setErrors({ key: errorMessage(err.code) });
      else if (isApiError(err, 'exam_rules_required')) setErrors({ rules: errorMessage(err.code) });
      else if (isApiError(err)) setErrors({ form: errorMessage(err.code) });
      setRefused((n) => n + 1);
    }
  }

  const resume = exam.state === 'ongoing';
  return (
    // Escape closes the dialog natively; `onClose` keeps the list's state in step.
    <dialog
      ref={dialog}
      className="dialog sheet exam-sheet"
      aria-labelledby={`${ids}-title`}
      onClose={onClose}
      data-testid="exam-sheet"
    >
      <form className="sheet-body" onSubmit={(e) => void start(e)} noValidate>
        <header className="sheet-head">
          <p className="muted sheet-kicker">{t('exam.sheet.title')}</p>
          <h2 id={`${ids}-title`} dir="auto">
            {exam.title}
          </h2>
          <ExamFacts exam={exam} />
        </header>
        {exam.description.trim() && (
          <section className="exam-rules" aria-labelledby={`${ids}-rules`}>
            <h3 id={`${ids}-rules`}>{t('exam.sheet.rules')}</h3>
            <p dir="auto" data-testid="exam-rules-text">
              {exam.description}
            </p>
          </section>
        )}
        <section className="exam-notices" aria-labelledby={`${ids}-notices`}>
          <h3 id={`${ids}-notices`}>{t('exam.sheet.notices')}</h3>
          <ul>
            <li>{t('exam.sheet.noRecording')}</li>
            <li>{t('exam.sheet.noScreenshotAndroid')}</li>
            <li>{t('exam.sheet.iosScreenshot')}</li>
            <li className="strong">{t('exam.sheet.leaveLimit')}</li>
          </ul>
        </section>
        <div className={errors.key ? 'field has-error' : 'field'}>
          <label htmlFor={`${ids}-key`}>{t('exam.sheet.key')}</label>
          <input
            id={`${ids}-key`}
            ref={keyInput}
            value={key}
            maxLength={64}
            autoComplete="off"
            autoCapitalize="off"
            spellCheck={false}
            inputMode="text"
            dir="ltr"
            onChange={(e) => {
              setKey(e.target.value);
              setErrors((x) => ({ ...x, key: undefined, form: undefined }));
            }}
            aria-invalid={Boolean(errors.key)}
            aria-describedby={`${ids}-key-note`}
            data-testid="exam-key-input"
          />
          <small
            id={`${ids}-key-note`}
            className={errors.key ? 'field-error' : 'field-hint'}
            role={errors.key ? 'alert' : undefined}
            data-testid={errors.key ? 'exam-key-error' : undefined}
          >
            {errors.key ?? t('exam.sheet.keyHint')}
          </small>
        </div>
        <div className={errors.rules ? 'check-field has-error' : 'check-field'}>
          <label className="check-label">
            <input
              ref={rulesBox}
              type="checkbox"
              checked={agreed}
              onChange={(e) => {
                setAgreed(e.target.checked);
                setErrors((x) => ({ ...x, rules: undefined, form: undefined }));
              }}
              aria-invalid={Boolean(errors.rules)}
              aria-describedby={errors.rules ? `${ids}-rules-error` : undefined}
              data-testid="exam-rules-checkbox"
            />
            <span>{t('exam.sheet.agree')}</span>
          </label>
          {errors.rules && (
            <small id={`${ids}-rules-error`} className="field-error" role="alert" data-testid="exam-rules-error">
              {errors.rules}
            </small>
          )}
        </div>
        {errors.form && (
          <p className="field-error" role="alert" data-testid="exam-start-error">
            {errors.form}
          </p>
        )}
        <div className="sheet-actions">
          <button type="button" className="btn btn-ghost" onClick={() => dialog.current?.close?.()}>
            {t('common.cancel')}
          </button>
          <button type="submit" className="btn btn-primary" disabled={busy} data-testid="exam-start">
            {resume ? t('exam.sheet.resume') : t('exam.sheet.start')}
          </button>
        </div>
      </form>
    </dialog>
  );
}
