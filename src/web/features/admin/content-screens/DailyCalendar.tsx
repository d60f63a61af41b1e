import { formatLongDay } from '../../../lib/format-date';
import { useAdminT } from '../i18n';
import { monthGrid, monthName, today, weekdayNames } from './calendar';

/** A month of days, each showing how many questions its daily quiz holds; a day is picked to edit it. */
export function DailyCalendar({
  month,
  counts,
  selected,
  onPick,
  onMonth,
}: {
  month: string;
  counts: Map<string, number>;
  selected: string;
  onPick: (date: string) => void;
  onMonth: (step: -1 | 1) => void;
}) {
  const { t, lang } = useAdminT();
  const now = today();
  return (
    <section className="card cs-calendar" aria-label={t('contentScreens.daily.calendar')} data-testid="daily-calendar">
      <div className="cs-calendar-head">
        <button
          type="button"
          className="admin-icon-button"
          onClick={() => onMonth(-1)}
          aria-label={t('contentScreens.daily.previousMonth')}
          data-testid="daily-prev-month"
        >
          <span className="cs-flip" aria-hidden="true">
            ‹
          </span>
        </button>
        <h3 data-testid="daily-month">{monthName(month, lang)}</h3>
        <button
          type="button"
          className="admin-icon-button"
          onClick={() => onMonth(1)}
          aria-label={t('contentScreens.daily.nextMonth')}
          data-testid="daily-next-month"
        >
          <span className="cs-flip" aria-hidden="true">
            ›
          </span>
        </button>
      </div>
      <div className="cs-calendar-grid" role="grid">
        <div role="row" className="cs-calendar-row">
          {weekdayNames(lang).map((w) => (
            <span key={w} role="columnheader" className="cs-weekday">
              {w}
            </span>
          ))}
        </div>
        {monthGrid(month).map((week) => (
          <div role="row" key={week[0]!.date} className="cs-calendar-row">
            {week.map((d) => {
              const n = counts.get(d.date) ?? 0;
              const cls = [
                'cs-day',
                d.inMonth ? '' : 'out',
                d.date === selected ? 'selected' : '',
                d.date === now ? 'today' : '',
                n ? 'has' : '',
              ]
                .filter(Boolean)
                .join(' ');
              return (
                <button
                  key={d.date}
                  type="button"
                  role="gridcell"
                  aria-selected={d.date === selected}
                  className={cls}
                  onClick={() => onPick(d.date)}
                  data-testid={`daily-day-${d.date}`}
                >
                  {/* The day and its count are seen; the whole date and "n questions" are what is heard
                      (an aria-label would hide the figures a voice user reads off the screen). */}
                  <span className="cs-day-number" aria-hidden="true">
                    {d.day}
                  </span>
                  {n > 0 && (
                    <span className="cs-day-count" aria-hidden="true">
                      {n}
                    </span>
                  )}
                  <span className="visually-hidden">
                    {formatLongDay(d.date, lang)}
                    {n > 0 && `, ${t('contentScreens.daily.questionCount', { count: n })}`}
                  </span>
                </button>
              );
            })}
          </div>
        ))}
      </div>
    </section>
  );
}
