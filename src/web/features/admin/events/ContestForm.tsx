import { useMemo, useState } from 'react';
import type { AdminContestDetail, AdminLanguage } from '../../../../core/contract';
import { contestSaveSchema } from '../../../../core/contract/admin-event-schemas';
import { useMutate } from '../admin-api';
import { useAdminT } from '../i18n';
import { SelectField, SwitchField, TextArea, TextField } from '../ui/FormFields';
import { ContestSchedule } from './ContestSchedule';
import { CONTESTS } from './event-paths';
import { EventFormFrame, useEventForm } from './EventFormFrame';
import { blankContest, changedInput, contestInput, contestValues } from './contest-form';
import { IMAGE_MAX_BYTES, ImageField } from './ImageField';
import { PrizeTable } from './PrizeTable';
import { QuestionPicker } from './QuestionPicker';
import { languageOptions } from './languages';
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
  const mutate = useMutate();
  const initial = useMemo(
    () =>
      contest
        ? contestValues(contest)
        : blankContest(operatorZone(), (languages.find((l) => l.is_default) ?? languages[0])?.id ?? null),
    [contest, languages],
  );
  const saved = useMemo(() => (contest ? contestInput(initial) : null), [contest, initial]);
  const event = useEventForm(contestSaveSchema, initial, CONTESTS);
  const { form, v } = event;
  const [file, setFile] = useState<File | null>(null);
  const [removed, setRemoved] = useState(false);
  const locked = contest !== null && contest.status !== 'upcoming';

  function pickFile(f: File | null) {
    setFile(f);
    form.setErrors({ ...form.errors, image: '' });
  }

  function submit() {
    const input = contestInput(v);
    const extra: Record<string, string> = {};
    if (file && (file.size > IMAGE_MAX_BYTES || !file.type.startsWith('image/'))) extra.image = t('events.imageTooBig');
    const fields = changedInput(input, saved);
    if (removed && !file) fields.remove_image = '1';
    void event.save({
      values: input,
      extra,
      send: async () => {
        const done = await mutate('admin_save_contest', fields as never, {
          files: file ? { image: file } : undefined,
          expect: ['invalid_input'],
        });
        return t(contest ? 'events.contestSaved' : 'events.contestCreated', { name: done.name });
      },
    });
  }

  return (
    <EventFormFrame
      kind="contest"
      event={event}
      listPath={CONTESTS}
      onSubmit={submit}
      lockedNote={locked ? t('events.contestLocked') : null}
      saveLabel={contest ? t('events.save') : t('events.createContest')}
      details={
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
      }
    >
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
        <SwitchField form={form} name="speed_bonus" label={t('events.speedBonus')} hint={t('events.speedBonusHint')} />
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
    </EventFormFrame>
  );
}
