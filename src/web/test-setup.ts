// Unit tests render pages without their lazy loaders: the whole English catalogue is there from
// the start, as it is in the app once a page beyond the first screen has loaded.
import whole from '../../locales/en/translation.json';
import { i18n } from './lib/i18n';

i18n.addResourceBundle('en', 'translation', whole, true, false);
