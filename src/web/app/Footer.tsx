import { useTranslation } from '../lib/use-translation';
import { Link } from 'react-router-dom';
import { paths } from './paths';

/** Links to the information pages. */
export function Footer() {
  const { t } = useTranslation();
  // Each key written out: the first screen's catalogue check (lib/catalogue.test.ts) reads them,
  // so the footer never shows a raw key before the whole catalogue has loaded.
  const LINKS = [
    [paths.aboutUs, t('pages.about_us')],
    [paths.contactUs, t('pages.contact_us')],
    [paths.instructions, t('pages.instructions')],
    [paths.faq, t('pages.faq')],
    [paths.privacyPolicy, t('pages.privacy_policy')],
    [paths.termsConditions, t('pages.terms_conditions')],
  ] as const;
  return (
    <footer className="footer">
      <nav aria-label={t('nav.info')}>
        {LINKS.map(([to, text]) => (
          <Link key={to} to={to}>
            {text}
          </Link>
        ))}
      </nav>
    </footer>
  );
}
