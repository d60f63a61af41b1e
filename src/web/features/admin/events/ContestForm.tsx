import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import type { AdminContestDetail, AdminLanguage } from '../../../../core/contract';
import { contestSaveSchema } from '../../../../core/contract/admin-event-schemas';
import { toast } from '../../../lib/toast';
import { mutate } from '../admin-api';
import { useAdminT } from '../i18n';
import { AdminIcon } from '../ui/admin-icons';
import { useZodForm } from '../ui/form-kit';
import { FormError, SelectField, SwitchField, TextArea, TextField } from '../ui/FormFields';
import { ContestSchedule } from './ContestSchedule';
import { CONTESTS } from './event-paths';
import { blankContest, changedInput, contestInput, contestValues, type ContestValues } from './contest-form';
import { IMAGE_MAX_BYTES, ImageField } from './ImageField';
import { PrizeTable } from './PrizeTable';
import { QuestionPicker } from './QuestionPicker';
import { languageOptions } from './languages';
import { revealFirstError } from './reveal-error';
import { operatorZone } from './zones';

/**
 * A contest's form: name, description, picture, language; when it runs (a wall clock in a
 * zone); its entry fee and scoring; the prize table; its questions. Once it has started its
 * players entered on its terms, so only the name, description and picture stay open.
 */
export function ContestForm({
  contest,
  languages,
}: {
  contest: AdminContestDetail | null;
  languages: AdminLanguage[];
}) {
  const { t } = useAdminT();
  const navigate = useNavigate();
  const initial = useMemo(
    () =>
      contest
        ? contestValues(contest)
        : blankContest(operatorZone(), (languages.find((l) => l.is_default) ?? languages[0])?.id ?? null),
    [contest, languages],
  );
  const saved = useMemo(() => (contest ? contestInput(initial) : null), [contest, initial]);
  const form = useZodForm(contestSaveSchema, initial);
  const v = form.values as ContestValues;
  const [file, setFile] = useState<File | null>(null);
  const [removed, setRemoved] = useState(false);
  const [busy, setBusy] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const locked = contest !== null && contest.status !== 'upcoming';

  // Questions belong to one language: another language starts the list again.
  const language = useRef(v.language_id);
  const { set } = form;
  useEffect(() => {
    if (language.current === v.language_id) return;
    language.current = v.language_id;
    if (v.questions.length) set('questions', []);
  }, [v.language_id, v.questions.length, set]);

  function pickFile(f: File | null) {
    setFile(f);
    form.setErrors({ ...form.errors, image: '' });
  }

  async function submit(e: FormEvent) {
    e.preventDefault();
    const input = contestInput(v);
    const extra: Record<string, string> = {};
    if (file && (file.size > IMAGE_MAX_BYTES || !file.type.startsWith('image/'))) extra.image = t('events.imageTooBig');
    if (!form.validate({ values: input, extra })) return revealFirstError(formRef.current);
    const fields = changedInput(input, saved);
    if (removed && !file) fields.remove_image = '1';
    setBusy(true);
    try {
      const done = await mutate('admin_save_contest', fields as never, {
        files: file ? { image: file } : undefined,
        expect: ['invalid_input'],
      });
      toast.success(t(contest ? 'events.contestSaved' : 'events.contestCreated', { name: done.name }));
      void navigate(CONTESTS);
    } catch (err) {
      if (!form.showServerError(err)) form.setErrors({ _form: (err as Error).message });
      revealFirstError(formRef.current);
      setBusy(false);
    }
  }

  return (
    <form ref={formRef} className="events-form" onSubmit={(e) => void submit(e)} noValidate data-testid="contest-form">
      <section className="card events-card" aria-labelledby="contest-details">
        <h3 id="contest-details">{t('events.details')}</h3>
        <TextField form={form} name="name" label={t('events.name')} maxLength={120} />
        <TextArea form={form} name="description" label={t('events.description')} maxLength={2000} rows={3} />
        <fieldset disabled={locked} className="events-plain">
          <SelectField
            form={form}
            name="language_id"
            label={t('events.language')}
            hint={t('events.languageHint')}
            options={languageOptions(languages, t('events.pickLanguage'), t('events.languageOff'))}
          />
        </fieldset>
        <ImageField
          label={t('events.image')}
          saved={contest?.image ?? ''}
          file={file}
          removed={removed}
          onFile={pickFile}
          onRemove={() => setRemoved(true)}
          error={form.errors.image || undefined}
        />
      </section>

      {locked && (
        <p className="events-locked-note" role="note" data-testid="contest-locked">
          <AdminIcon name="lock" size={18} />
          {t('events.contestLocked')}
        </p>
      )}
      <fieldset disabled={locked} className="events-plain events-form">
        <ContestSchedule form={form} />
        <section className="card events-card" aria-labelledby="contest-terms">
          <h3 id="contest-terms">{t('events.terms')}</h3>
          <div className="events-grid">
            <TextField
              form={form}
              name="entry_fee"
              type="number"
              label={t('events.entryFee')}
              hint={t('events.entryFeeHint')}
              maxLength={7}
            />
            <TextField
              form={form}
              name="seconds_per_question"
              type="number"
              label={t('events.secondsPerQuestion')}
              maxLength={3}
            />
            <TextField form={form} name="points_per_correct" type="number" label={t('events.points')} maxLength={4} />
          </div>
          <SwitchField
            form={form}
            name="speed_bonus"
            label={t('events.speedBonus')}
            hint={t('events.speedBonusHint')}
          />
        </section>
        <section className="card events-card">
          <PrizeTable rows={v.prizes} onChange={(rows) => form.set('prizes', rows)} error={form.errors.prizes} />
        </section>
        <section className="card events-card">
          <QuestionPicker
            kind="contest"
            languageId={Number(v.language_id) || null}
            picked={v.questions}
            onChange={(rows) => form.set('questions', rows)}
            locked={locked}
            error={form.errors.questions}
          />
        </section>
      </fieldset>

      <div className="events-actions">
        <FormError form={form} />
        <Link to={CONTESTS} className="btn btn-ghost">
          {t('events.cancel')}
        </Link>
        <button type="submit" className="btn btn-primary" disabled={busy} data-testid="contest-save">
          {contest ? t('events.save') : t('events.createContest')}
        </button>
      </div>
    </form>
  );
}
