import type { AuditEntry } from '../../../../core/contract';
import { useAdminT } from '../i18n';

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const show = (v: unknown) => (v === undefined ? '—' : typeof v === 'string' ? v : JSON.stringify(v));

/** The fields an audited change touched: each with its value before and after (changed ones first). */
export function diffRows(
  before: unknown,
  after: unknown,
): { key: string; before: unknown; after: unknown; changed: boolean }[] {
  if (!isRecord(before) && !isRecord(after)) {
    return before === null && after === null ? [] : [{ key: '', before, after, changed: show(before) !== show(after) }];
  }
  const b = isRecord(before) ? before : {};
  const a = isRecord(after) ? after : {};
  const keys = [...new Set([...Object.keys(b), ...Object.keys(a)])];
  const rows = keys.map((key) => ({ key, before: b[key], after: a[key], changed: show(b[key]) !== show(a[key]) }));
  return [...rows.filter((r) => r.changed), ...rows.filter((r) => !r.changed)];
}

/** An audit row's detail: the before/after diff (unchanged fields dimmed) and the input sent. */
export function AuditDiff({ entry }: { entry: AuditEntry }) {
  const { t } = useAdminT();
  const rows = diffRows(entry.before, entry.after);
  return (
    <div className="admin-diff" data-testid="audit-diff">
      {rows.length > 0 ? (
        <table className="admin-diff-table">
          <thead>
            <tr>
              <th scope="col">{t('audit.field')}</th>
              <th scope="col">{t('audit.before')}</th>
              <th scope="col">{t('audit.after')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.key} className={r.changed ? 'changed' : 'same'}>
                <th scope="row" dir="ltr">
                  {r.key || t('audit.value')}
                </th>
                <td dir="auto">
                  <code>{show(r.before)}</code>
                </td>
                <td dir="auto">
                  <code>{show(r.after)}</code>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : (
        <p className="muted">{t('audit.noDiff')}</p>
      )}
      <details>
        <summary>{t('audit.input')}</summary>
        <pre dir="ltr">{JSON.stringify(entry.input, null, 2)}</pre>
      </details>
      {entry.ip && (
        <p className="muted">
          {t('audit.ip')} <span dir="ltr">{entry.ip}</span>
        </p>
      )}
    </div>
  );
}
