import { defaultPage } from '../domain/default-pages';
import { appLanguages } from '../domain/app-languages';
import { mergedCatalogue, translationOverrides, translationsVersion } from '../domain/admin/site-settings';
import { contentLanguages } from '../domain/languages';
import { webHomeTexts } from '../domain/web-home';
import type { Handlers } from '../http/context';

export const settingsHandlers: Handlers<
  | 'get_settings'
  | 'get_system_configurations'
  | 'get_web_settings'
  | 'get_web_home_settings'
  | 'get_languages'
  | 'get_system_language_list'
  | 'get_system_language_json'
  | 'get_translation_overrides'
> = {
  async get_settings({ type, language }, { db, services }) {
    const pages = (await services.settings.all(db)).pages;
    const own = pages[type];
    return own
      ? { type, message: own, is_default: false }
      : { type, message: defaultPage(type, language), is_default: true };
  },

  async get_system_configurations(_i, { db, services }) {
    return { ...(await services.settings.system(db)), battle: services.battles.setup.rules };
  },

  async get_web_settings(_i, { db, services }) {
    const sys = await services.settings.system(db);
    const { config } = services;
    const langs = await appLanguages();
    return {
      app_name: sys.app_name,
      tagline: 'Play. Learn. Win.',
      theme_color: '#5b3cc4',
      logo: '/icons/icon.svg',
      auth: {
        email: true,
        mobile: Boolean(config.SMS_WEBHOOK_URL) || config.mailTransport === 'outbox',
        google: Boolean(config.GOOGLE_CLIENT_ID),
        google_client_id: config.GOOGLE_CLIENT_ID ?? '',
        firebase: config.firebase?.web ?? null,
      },
      demo_mode: config.DEMO_MODE,
      maintenance_mode: sys.maintenance_mode === '1',
      maintenance_message: sys.maintenance_mode === '1' ? sys.maintenance_message : '',
      default_app_language: langs.find((l) => l.is_default)?.code ?? 'en',
      translations_version: await translationsVersion(db),
    };
  },

  async get_web_home_settings({ language_id }, { db, services }) {
    return webHomeTexts(db, services.settings, language_id);
  },

  async get_languages(_i, { db }) {
    return contentLanguages(db);
  },

  async get_system_language_list() {
    return appLanguages();
  },

  async get_translation_overrides({ language }, { db }) {
    return Object.fromEntries(await translationOverrides(db, language));
  },

  // The shipped catalogue with the operator's texts over it.
  async get_system_language_json({ language }, { db }) {
    return mergedCatalogue(db, language);
  },
};
