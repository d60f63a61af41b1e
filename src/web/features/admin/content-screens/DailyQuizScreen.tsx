import { skipToken } from '@reduxjs/toolkit/query';
import { useSearchParams } from 'react-router-dom';
import { useApiQuery } from '../../../app/server-state/use-api-query';
import { useAdminT } from '../i18n';
import { addMonths, isMonth, monthOf, monthRange, today } from './calendar';
import { DailyCalendar } from './DailyCalendar';
import { DailyDayEditor } from './DailyDayEditor';
import { SectionHead } from '../ui/PageHead';
import { rowsOf, useLanguages } from './use-content-lists';

const isDate = (s: string | null): s is string => !!s && /^\d{4}-\d{2}-\d{2}$/.test(s);

/**
 * The daily quiz per language: a month's calendar showing each day's scheduled questions (and
 * the draws already made for days nobody scheduled), and the chosen day's questions to edit.
 * The language, month and day live in the address.
 */
export function DailyQuizScreen() {
  const { t } = useAdminT();
  const languages = rowsOf(useLanguages());
  const [params, setParams] = useSearchParams();
  const date = isDate(params.get('date')) ? params.get('date')! : today();
  const month = isMonth(params.get('month')) ? params.get('month')! : monthOf(date);
  const languageId = Number(params.get('language')) || languages.find((l) => l.is_default)?.id || null;
  const [state] = useApiQuery(
    'admin_get_daily_quizzes',
    languageId ? { language_id: languageId, ...monthRange(month), limit: 100 } : skipToken,
  );
  const days = state.status === 'ready' ? state.data : [];
  const counts = new Map(days.map((d) => [d.date, d.question_ids.length]));
  const set = (patch: Record<string, string>) =>
    setParams((p) => ({ ...Object.fromEntries(p), ...patch }), { replace: true });
  const schedule = days.find((d) => d.date === date) ?? null;

  return (
    <>
      <SectionHead title={t('contentScreens.daily.title')} intro={t('contentScreens.daily.intro')} />
      <div className="admin-toolbar cs-bare-toolbar">
        <label className="admin-filter">
          <span>{t('contentScreens.language')}</span>
          <select
            value={languageId ?? ''}
            onChange={(e) => set({ language: e.target.value })}
            data-testid="daily-language"
          >
            {languages.map((l) => (
              <option key={l.id} value={l.id}>
                {l.name}
              </option>
            ))}
          </select>
        </label>
      </div>
      <div className="cs-daily">
        <DailyCalendar
          month={month}
          counts={counts}
          selected={date}
          onPick={(d) => set({ date: d, month: monthOf(d) })}
          onMonth={(step) => set({ month: addMonths(month, step) })}
        />
        {languageId && monthOf(date) === month && state.status === 'ready' ? (
          // A save refetches the month: the day's new schedule (or draw) starts the editor again.
          <DailyDayEditor
            key={`${languageId}-${date}-${schedule?.question_ids.join(',')}`}
            languageId={languageId}
            date={date}
            schedule={schedule}
          />
        ) : (
          <p className="card muted cs-day-editor">{monthOf(date) === month ? '' : t('contentScreens.daily.pickDay')}</p>
        )}
      </div>
    </>
  );
}
