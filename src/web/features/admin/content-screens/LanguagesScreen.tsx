import { useState } from 'react';
import type { AdminLanguage } from '../../../../core/contract';
import { loadPage } from '../admin-api';
import { useAdminT } from '../i18n';
import { DataTable, type Column } from '../ui/DataTable';
import { Drawer } from '../ui/Drawer';
import { count } from '../ui/format';
import { Tag } from '../ui/Tag';
import { LanguageForm } from './LanguageForm';
import { SectionHead } from './SectionHead';
import { StatusTag, statusFilter } from './status';

const DEFAULTS = { filters: { status: 'all' } };

/** Content languages: the list (the default first), and a drawer to add or edit one. */
export function LanguagesScreen() {
  const { t, lang } = useAdminT();
  const [open, setOpen] = useState<AdminLanguage | 'new' | null>(null);
  const [reloadKey, setReloadKey] = useState(0);

  const columns: Column<AdminLanguage>[] = [
    {
      id: 'code',
      header: t('contentScreens.languages.code'),
      cell: (l) => (
        <code className="admin-code" dir="ltr">
          {l.code}
        </code>
      ),
    },
    {
      id: 'name',
      header: t('contentScreens.languages.name'),
      cell: (l) => (
        <span className="admin-cell-tags">
          <strong dir="auto">{l.name}</strong>
          {l.is_default && (
            <Tag tone="info" testId="language-default">
              {t('contentScreens.languages.default')}
            </Tag>
          )}
          {l.rtl && <Tag tone="plain">{t('contentScreens.languages.rtlShort')}</Tag>}
        </span>
      ),
    },
    { id: 'status', header: t('contentScreens.status'), cell: (l) => <StatusTag status={l.status} /> },
    {
      id: 'categories',
      header: t('contentScreens.categories.title'),
      align: 'end',
      cell: (l) => count(l.categories, lang),
    },
    {
      id: 'questions',
      header: t('contentScreens.questions.title'),
      align: 'end',
      cell: (l) => count(l.questions, lang),
    },
  ];

  return (
    <>
      <SectionHead
        title={t('contentScreens.languages.title')}
        intro={t('contentScreens.languages.intro')}
        action={
          <button
            type="button"
            className="btn btn-primary btn-small"
            onClick={() => setOpen('new')}
            data-testid="language-add"
          >
            {t('contentScreens.languages.add')}
          </button>
        }
      />
      <DataTable
        label={t('contentScreens.languages.title')}
        testId="languages"
        columns={columns}
        rowKey={(l) => l.id}
        defaults={DEFAULTS}
        search={t('contentScreens.languages.search')}
        filters={[statusFilter(t)]}
        load={(q) =>
          loadPage('admin_get_languages', {
            offset: q.offset,
            limit: q.limit,
            search: q.search,
            status: q.filters.status,
          })
        }
        onRowClick={setOpen}
        rowActions={(l) => (
          <button
            type="button"
            className="btn btn-ghost btn-small"
            onClick={() => setOpen(l)}
            data-testid="language-edit"
          >
            {t('contentScreens.edit')}
          </button>
        )}
        empty={t('contentScreens.languages.empty')}
        reloadKey={reloadKey}
      />
      {open && (
        <Drawer
          title={open === 'new' ? t('contentScreens.languages.add') : open.name}
          onClose={() => setOpen(null)}
          testId="language-drawer"
        >
          <LanguageForm
            language={open === 'new' ? null : open}
            onSaved={() => {
              setOpen(null);
              setReloadKey((n) => n + 1);
            }}
          />
        </Drawer>
      )}
    </>
  );
}
