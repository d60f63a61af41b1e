import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from '../../lib/use-translation';
import type { SettingPage as PageType } from '../../../core/contract';
import { api } from '../../lib/api-client';
import { paths } from '../../app/paths';
import { PageTitle } from '../../ui/PageTitle';
import { Spinner } from '../../ui/Spinner';

// How to play is drawn from the system configuration, a section per mode (its own chunk, so
// the route table in the first screen's JavaScript stays as it was).
const HowToPlayPage = lazy(() => import('./guide').then((m) => ({ default: m.HowToPlayPage })));

/** About us, contact, privacy, terms and FAQ: text from get_settings; how to play, per mode. */
export default function SettingPage({ type }: { type: PageType }) {
  if (type === 'instructions')
    return (
      <Suspense fallback={<Spinner />}>
        <HowToPlayPage />
      </Suspense>
    );
  return <TextPage type={type} />;
}

function TextPage({ type }: { type: PageType }) {
  const { t } = useTranslation();
  const [text, setText] = useState<{ type: PageType; message: string } | null>(null);

  useEffect(() => {
    let live = true;
    api('get_settings', { type })
      .then((d) => live && setText({ type, message: d.message }))
      .catch(() => live && setText({ type, message: '' }));
    return () => {
      live = false;
    };
  }, [type]);

  return (
    <>
      <PageTitle title={t(`pages.${type}`)} back={paths.home} backLabel={t('common.back')} />
      <article className="card prose" data-testid={`page-${type}`}>
        {text?.type !== type ? (
          <Spinner />
        ) : (
          text.message.split(/\n{2,}/).map((p, i) => (
            <p key={i} dir="auto">
              {p}
            </p>
          ))
        )}
      </article>
    </>
  );
}
