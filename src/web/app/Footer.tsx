import { useTranslation } from '../lib/use-translation';
import { Link } from 'react-router-dom';
import { paths } from './paths';

const LINKS = [
  [paths.aboutUs, 'pages.about_us'],
  [paths.contactUs, 'pages.contact_us'],
  [paths.instructions, 'pages.instructions'],
  [paths.faq, 'pages.faq'],
  [paths.privacyPolicy, 'pages.privacy_policy'],
  [paths.termsConditions, 'pages.terms_conditions'],
] as const;

/** Links to the information pages. */
export function Footer() {
  const { t } = useTranslation();
  return (
    <footer className="footer">
      <nav aria-label={t('nav.info')}>
        {LINKS.map(([to, key]) => (
          <Link key={to} to={to}>
            {t(key)}
          </Link>
        ))}
      </nav>
    </footer>
  );
}
