import { useId, useRef, useState, type FormEvent } from 'react';
import type { PlayQuestion, SoloMode } from '../../core/contract';
import { api, isApiError } from '../lib/api-client';
import { errorMessage } from '../lib/i18n';
import { toast } from '../lib/toast';
import { useTranslation } from '../lib/use-translation';
import { FlagIcon } from '../ui/question/play-icons';
import { Rich } from '../ui/question/Rich';

/** "Report": a dialog asking why (3 characters at least, checked here and by the server). */
export function ReportButton({ q, mode }: { q: PlayQuestion; mode: SoloMode }) {
  const { t } = useTranslation();
  const id = useId();
  const dialog = useRef<HTMLDialogElement>(null);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  function close() {
    dialog.current?.close();
    setError(null);
  }

  async function send(e: FormEvent) {
    e.preventDefault();
    const message = reason.trim();
    if (message.length < 3) {
      setError(t('errors.report_reason_required'));
      return;
    }
    setBusy(true);
    const fields = { question_id: q.id, message };
    const opts = { expect: ['invalid_input', 'report_reason_required'] };
    try {
      if (mode === 'multi_match') await api('multi_match_report_question', fields, opts);
      else await api('report_question', fields, opts);
      toast.success(t('play.reported'));
      setReason('');
      close();
    } catch (err) {
      if (isApiError(err, 'report_reason_required') || (isApiError(err, 'invalid_input') && err.field === 'message'))
        setError(t('errors.report_reason_required'));
      else if (isApiError(err, 'invalid_input')) toast.error(errorMessage(err.code));
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <button
        type="button"
        className="btn btn-ghost btn-small"
        onClick={() => dialog.current?.showModal()}
        aria-haspopup="dialog"
        data-testid="report"
      >
        <FlagIcon />
        {t('play.report')}
      </button>
      <dialog
        ref={dialog}
        className="dialog report-dialog"
        aria-labelledby={`${id}-title`}
        onClose={() => setError(null)}
      >
        <form className="form" onSubmit={(e) => void send(e)} noValidate>
          <h2 id={`${id}-title`}>{t('play.reportTitle')}</h2>
          <p className="report-q" dir="auto">
            <Rich text={q.question} latex={q.latex} />
          </p>
          <div className={error ? 'field has-error' : 'field'}>
            <label htmlFor={`${id}-reason`}>{t('play.reportReason')}</label>
            <textarea
              id={`${id}-reason`}
              rows={4}
              maxLength={500}
              value={reason}
              required
              aria-invalid={Boolean(error)}
              aria-describedby={`${id}-note`}
              onChange={(e) => {
                setReason(e.target.value);
                if (error && e.target.value.trim().length >= 3) setError(null);
              }}
              dir="auto"
              data-testid="report-reason"
            />
            <small
              id={`${id}-note`}
              className={error ? 'field-error' : 'field-hint'}
              role={error ? 'alert' : undefined}
            >
              {error ?? t('play.reportHint')}
            </small>
          </div>
          <div className="row">
            <button type="button" className="btn btn-ghost" onClick={close}>
              {t('common.cancel')}
            </button>
            <button type="submit" className="btn btn-primary" disabled={busy} data-testid="report-submit">
              {t('play.reportSend')}
            </button>
          </div>
        </form>
      </dialog>
    </>
  );
}
