import { useAdminT } from '../i18n';
import { instantLines } from './when';

/** A contest's start on one line and its end under it, on the operator's clock. */
export function WhenCell({ start, end }: { start: string; end: string }) {
  const { t, lang } = useAdminT();
  const [from, to] = instantLines(start, end, lang);
  return (
    <span className="admin-cell-stack events-when" data-testid="contest-when">
      <span>{from}</span>
      <small className="muted">{t('events.until', { time: to })}</small>
    </span>
  );
}
