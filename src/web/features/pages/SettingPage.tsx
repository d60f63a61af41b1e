import { lazy, Suspense } from 'react';
import { useTranslation } from '../../lib/use-translation';
import type { SettingPage as PageType } from '../../../core/contract';
import { paths } from '../../app/paths';
import { useAppSelector } from '../../app/hooks';
import { useApiQuery } from '../../app/server-state/use-api-query';
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
  const appLanguage = useAppSelector((s) => s.languages.appLanguage);
  const [text] = useApiQuery('get_settings', { type, language: appLanguage });

  return (
    <>
      <PageTitle title={t(`pages.${type}`)} back={paths.home} backLabel={t('common.back')} />
      <article className="card prose" data-testid={`page-${type}`}>
        {text.status === 'loading' ? (
          <Spinner />
        ) : (
          // A page that cannot be fetched is left blank (the failure was toasted).
          (text.status === 'ready' ? text.data.message : '').split(/\n{2,}/).map((p, i) => (
            <p key={i} dir="auto">
              {p}
            </p>
          ))
        )}
      </article>
      {type === 'contact_us' && <ContactDetails />}
    </>
  );
}

/** The operator's contact details from the system configuration, each one tap away. */
function ContactDetails() {
  const { t } = useTranslation();
  const config = useAppSelector((s) => s.settings.systemConfig);
  if (!config) return null;
  const { contact_email: email, contact_phone: phone, contact_address: address } = config;
  if (!email && !phone && !address) return null;
  return (
    <section className="card contact-details" aria-labelledby="contact-title" data-testid="contact-details">
      <h2 id="contact-title">{t('pages.contact.title')}</h2>
      <dl>
        {email && (
          <>
            <dt>{t('pages.contact.email')}</dt>
            <dd>
              <a href={`mailto:${email}`} dir="ltr" data-testid="contact-email">
                {email}
              </a>
            </dd>
          </>
        )}
        {phone && (
          <>
            <dt>{t('pages.contact.phone')}</dt>
            <dd>
              <a href={`tel:${phone.replace(/[^+0-9]/g, '')}`} dir="ltr" data-testid="contact-phone">
                {phone}
              </a>
            </dd>
          </>
        )}
        {address && (
          <>
            <dt>{t('pages.contact.address')}</dt>
            <dd dir="auto" className="contact-address" data-testid="contact-address">
              {address}
            </dd>
          </>
        )}
      </dl>
    </section>
  );
}
