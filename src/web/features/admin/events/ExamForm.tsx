import { useMemo } from 'react';
import type { AdminExamDetail, AdminLanguage } from '../../../../core/contract';
import { EXAM_KEY_MIN_LENGTH, examSaveSchema } from '../../../../core/contract/admin-event-schemas';
import { useMutate } from '../admin-api';
import { useAdminT } from '../i18n';
import { SelectField, TextArea, TextField } from '../ui/FormFields';
import { EXAMS } from './event-paths';
import { EventFormFrame, useEventForm } from './EventFormFrame';
import { DateField, SecretField } from './EventFields';
import { blankExam, changedExamInput, examInput, examValues, totalMarks } from './exam-form';
import { languageOptions } from './languages';
import { QuestionPicker } from './QuestionPicker';
import { operatorZone, todayIn } from './zones';

/**
 * An exam's form: title, language, the days it is open, its key, duration and rules text, and
 * its questions with their marks (the total shown as they change). Once attempted, its
 * language, questions, marks and duration are fixed: the results hold them.
 */
export function ExamForm({ exam, languages }: { exam: AdminExamDetail | null; languages: AdminLanguage[] }) {
  const { t } = useAdminT();
  const mutate = useMutate();
  const zone = operatorZone();
  const initial = useMemo(
    () =>
      exam
        ? examValues(exam, zone)
        : blankExam(zone, (languages.find((l) => l.is_default) ?? languages[0])?.id ?? null),
    [exam, languages, zone],
  );
  const saved = useMemo(() => (exam ? examInput(initial) : null), [exam, initial]);
  const event = useEventForm(examSaveSchema, initial, EXAMS);
  const { form, v } = event;
  const locked = exam !== null && exam.attempts > 0;

  function submit() {
    const input = examInput(v);
    void event.save({
      values: input,
      send: async () => {
        const done = await mutate('admin_save_exam', changedExamInput(input, saved) as never, {
          expect: ['invalid_input'],
        });
        return t(exam ? 'events.examSaved' : 'events.examCreated', { name: done.title });
      },
    });
  }

  return (
    <EventFormFrame
      kind="exam"
      event={event}
      listPath={EXAMS}
      onSubmit={submit}
      lockedNote={locked ? t('events.examLocked', { count: exam.attempts }) : null}
      saveLabel={exam ? t('events.save') : t('events.createExam')}
      details={
        <section className="card events-card" aria-labelledby="exam-details">
          <h3 id="exam-details">{t('events.details')}</h3>
          <TextField form={form} name="title" label={t('events.examTitle')} maxLength={200} />
          <div className="events-grid">
            <DateField
              form={form}
              name="start_date"
              type="date"
              label={t('events.firstDay')}
              min={todayIn(zone)}
              hint={t('events.daysHint')}
            />
            <DateField form={form} name="end_date" type="date" label={t('events.lastDay')} min={String(v.start_date)} />
            <SecretField
              form={form}
              name="exam_key"
              label={t('events.examKey')}
              hint={t('events.examKeyHint', { count: EXAM_KEY_MIN_LENGTH })}
              maxLength={64}
            />
          </div>
          <TextArea
            form={form}
            name="description"
            label={t('events.rules')}
            hint={t('events.rulesHint')}
            maxLength={10_000}
            rows={5}
          />
        </section>
      }
    >
      <section className="card events-card" aria-labelledby="exam-terms">
        <h3 id="exam-terms">{t('events.examTerms')}</h3>
        <div className="events-grid">
          <SelectField
            form={form}
            name="language_id"
            label={t('events.language')}
            hint={t('events.languageHint')}
            options={languageOptions(languages, t('events.pickLanguage'), t('events.languageOff'))}
          />
          <TextField form={form} name="duration" type="number" label={t('events.durationMinutes')} maxLength={4} />
        </div>
      </section>
      <section className="card events-card">
        <QuestionPicker
          kind="exam"
          languageId={Number(v.language_id) || null}
          picked={v.questions}
          onChange={(rows) => form.set('questions', rows)}
          withMarks
          summary={
            <p className="events-total" data-testid="exam-total-marks">
              {t('events.totalMarksLive', { count: totalMarks(v.questions) })}
            </p>
          }
          locked={locked}
          error={form.errors.questions}
        />
      </section>
    </EventFormFrame>
  );
}
