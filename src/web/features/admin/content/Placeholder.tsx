import { useAdminT } from '../i18n';

/** A console section whose screens are not built yet: says so plainly instead of a dead end. */
export function Placeholder({ title, contract }: { title: string; contract: string }) {
  const { t } = useAdminT();
  return (
    <section className="card admin-placeholder" data-testid="admin-placeholder">
      <h2>{title}</h2>
      <p>{t('content.comingSoon')}</p>
      <p className="muted">
        {t('content.comingSoonWhere')} <code dir="ltr">src/core/contract/{contract}</code>
      </p>
    </section>
  );
}
