import { z } from 'zod';
import { action } from './define';
import { languageIdField } from './fields';
import type { BattleRules } from '../rules/battle';
import type { RewardRules } from '../rules/reward-rules';
import type { PayoutRules } from '../rules/payout';
import type { PlayMode } from './play-modes';

export const SETTING_PAGES = [
  'about_us',
  'contact_us',
  'privacy_policy',
  'terms_conditions',
  'instructions',
  'faq',
] as const;
export type SettingPage = (typeof SETTING_PAGES)[number];

/** `get_system_configurations`: operator-editable switches and the reward constants. */
export interface SystemConfig extends RewardRules, PayoutRules {
  /** "1": multi-language content on; anything else: language id 0 and English UI (spec §9). */
  language_mode: '0' | '1';
  maintenance_mode: '0' | '1';
  /** Shown to players while maintenance is on ('' for the standard notice). */
  maintenance_message: string;
  default_language_id: number;
  app_name: string;
  /** Where leaderboard days and months (and the Streak badge's days) begin: an IANA name or ±HH:MM. */
  leaderboard_timezone: string;
  /** Play modes the operator switched off (codes of `PLAY_MODES`): not offered, and refused. */
  disabled_modes: PlayMode[];
  /** The operator's contact details, shown on the contact page ('' for one not given). */
  contact_email: string;
  contact_phone: string;
  contact_address: string;
}

/** `get_system_configurations`'s reply: the configuration and the live battles' rules in effect. */
export interface SystemConfigurations extends SystemConfig {
  battle: BattleRules;
}

/**
 * Firebase mode: the Firebase web app's config (public by design: it names the project, it
 * grants nothing), and in development the Auth emulator to use instead of Firebase.
 */
export interface FirebaseWebConfig {
  apiKey: string;
  authDomain: string;
  projectId: string;
  appId: string;
  messagingSenderId?: string;
  /** FCM: the project's Web Push certificate's public key (with messagingSenderId, FCM is on). */
  vapidKey?: string;
  /** host:port of the Firebase Auth emulator (never in production). */
  auth_emulator?: string;
}

/** `get_web_settings`: what the web shell needs before it renders. */
export interface WebSettings {
  app_name: string;
  tagline: string;
  theme_color: string;
  logo: string;
  /** Sign-in methods this server accepts. */
  auth: {
    email: boolean;
    mobile: boolean;
    google: boolean;
    google_client_id: string;
    /** Firebase mode: players sign in with Firebase Auth (null: with this server's own sign-in). */
    firebase: FirebaseWebConfig | null;
  };
  demo_mode: boolean;
  maintenance_mode: boolean;
  /** The operator's words while maintenance is on ('' for the standard notice). */
  maintenance_message: string;
  default_app_language: string;
  /** Changes whenever the operator edits interface texts ('' when there are none). */
  translations_version: string;
}

export interface HomeSettings {
  language_id: number;
  title: string;
  subtitle: string;
}

export interface ContentLanguage {
  id: number;
  language: string;
  code: string;
  rtl: boolean;
  is_default: boolean;
}

export interface AppLanguage {
  name: string;
  code: string;
  rtl: boolean;
  is_default: boolean;
}

const fromField = z.preprocess((v) => (v === undefined ? '2' : String(v)), z.literal('2'));

export const settingsActions = {
  /** `is_default`: the built-in demo text (the operator has written none for this page). */
  get_settings: action<{ type: SettingPage; message: string; is_default: boolean }>()({
    input: z.object({
      type: z.enum(SETTING_PAGES),
      /** The interface language: the demo text in it, until the operator writes their own. */
      language: z
        .string()
        .regex(/^[a-z]{2,3}(-[A-Za-z]{2,4})?$/, { error: 'must be a language code' })
        .optional(),
    }),
    access: 'public',
    mutates: false,
  }),
  get_system_configurations: action<SystemConfigurations>()({
    input: z.object({}),
    access: 'public',
    mutates: false,
  }),
  get_web_settings: action<WebSettings>()({
    input: z.object({}),
    access: 'public',
    mutates: false,
  }),
  get_web_home_settings: action<HomeSettings>()({
    input: z.object({ language_id: languageIdField }),
    access: 'public',
    mutates: false,
  }),
  get_languages: action<ContentLanguage[]>()({
    input: z.object({ language_id: languageIdField }),
    access: 'public',
    mutates: false,
  }),
  get_system_language_list: action<AppLanguage[]>()({
    input: z.object({ from: fromField }),
    access: 'public',
    mutates: false,
  }),
  /** The operator's interface texts of a language, key → text (laid over the shipped catalogue). */
  get_translation_overrides: action<Record<string, string>>()({
    input: z.object({
      language: z.string().regex(/^[a-z]{2,3}(-[A-Za-z]{2,4})?$/, { error: 'must be a language code' }),
    }),
    access: 'public',
    mutates: false,
  }),
  get_system_language_json: action<{ language: string; rtl: boolean; data: Record<string, unknown> }>()({
    input: z.object({
      from: fromField,
      language: z.string().regex(/^[a-z]{2,3}(-[A-Za-z]{2,4})?$/, { error: 'must be a language code' }),
    }),
    access: 'public',
    mutates: false,
  }),
};
