import type { z } from 'zod';
import { useAdminT } from '../i18n';
import type { ZodForm } from '../ui/form-kit';
import { SelectField } from '../ui/FormFields';
import { DateField } from './EventFields';
import { instantOf, onMyClock, span } from './when';
import { operatorZone, zoneLabel, zoneNames } from './zones';

/**
 * When a contest runs: a wall-clock start and end in a named zone (the operator's own by
 * default), with how long it lasts and, for another zone, the same times on the operator's clock.
 */
export function ContestSchedule({ form }: { form: ZodForm<z.ZodType> }) {
  const { t, lang } = useAdminT();
  const zone = String(form.values.timezone);
  const mine = operatorZone();
  const start = instantOf(String(form.values.start_date), zone);
  const end = instantOf(String(form.values.end_date), zone);
  const other = zone !== mine;
  const options = zoneNames().map((z) => ({ value: z, label: zoneLabel(z) }));

  return (
    <section className="card events-card" aria-labelledby="contest-schedule">
      <h3 id="contest-schedule">{t('events.schedule')}</h3>
      <div className="events-grid">
        <DateField
          form={form}
          name="start_date"
          type="datetime-local"
          label={t('events.start')}
          hint={other && start ? t('events.onMyClock', { time: onMyClock(start, lang), zone: mine }) : undefined}
        />
        <DateField
          form={form}
          name="end_date"
          type="datetime-local"
          label={t('events.end')}
          hint={other && end ? t('events.onMyClock', { time: onMyClock(end, lang), zone: mine }) : undefined}
        />
      </div>
      <SelectField
        form={form}
        name="timezone"
        label={t('events.timezone')}
        hint={t('events.timezoneHint', { zone: mine })}
        options={options}
      />
      {start && end && end > start && (
        <p className="muted events-lasts" data-testid="contest-lasts">
          {t('events.lasts', { span: span(end.getTime() - start.getTime(), lang) })}
        </p>
      )}
    </section>
  );
}
