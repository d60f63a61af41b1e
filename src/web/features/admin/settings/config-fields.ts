import { systemConfigSchema } from '../../../../core/contract/admin';
import type { SystemConfig } from '../../../../core/contract';
import type { AdminKey } from '../i18n';

export type ConfigKey = keyof SystemConfig;
export type ConfigKind = 'switch' | 'number' | 'text' | 'list' | 'language';

export interface ConfigGroup {
  id: string;
  title: AdminKey;
  intro?: AdminKey;
  keys: ConfigKey[];
}

/** Every key the schema checks, in its order: the form is generated from it. */
export const CONFIG_KEYS = Object.keys(systemConfigSchema.shape) as ConfigKey[];

/** How a key is edited: '0'/'1' switches, lists, the default language, numbers, text. */
export function configKind(key: ConfigKey): ConfigKind {
  if (key === 'maintenance_mode' || key === 'language_mode' || key === 'payout_require_verified_contact')
    return 'switch';
  if (key === 'payout_methods' || key === 'disabled_modes') return 'list';
  if (key === 'default_language_id') return 'language';
  if (
    key === 'app_name' ||
    key === 'maintenance_message' ||
    key === 'leaderboard_timezone' ||
    key === 'payout_currency' ||
    key.startsWith('contact_')
  )
    return 'text';
  return 'number';
}

/** The unit shown after a number: a percentage, seconds, minutes, coins or nothing. */
export function configUnit(key: ConfigKey): AdminKey | null {
  if (key.endsWith('_percentage')) return 'settings.unitPercent';
  if (key.endsWith('_seconds')) return 'settings.unitSeconds';
  if (key.endsWith('_minutes')) return 'settings.unitMinutes';
  if (key.endsWith('_hours')) return 'settings.unitHours';
  if (key.endsWith('_days')) return 'settings.unitDays';
  if (/(coins|cost|bonus|referral_new_user|referral_referrer)$/.test(key)) return 'settings.unitCoins';
  return null;
}

const FIXED: Record<string, ConfigKey[]> = {
  general: ['app_name', 'leaderboard_timezone', 'disabled_modes', 'contact_email', 'contact_phone', 'contact_address'],
  maintenance: ['maintenance_mode', 'maintenance_message'],
  languages: ['language_mode', 'default_language_id'],
  economy: [
    'score_per_correct',
    'quiz_coin_floor_percentage',
    'quiz_coin_full_percentage',
    'welcome_bonus',
    'referral_new_user',
    'referral_referrer',
    'referral_qualifying_answers',
    'referral_qualifying_hours',
    'referral_daily_cap',
    'lifeline_cost',
    'human_floor_ms',
  ],
};

/** The play modes whose timing, coins and limits are grouped together (by key prefix). */
const MODES: [string, AdminKey][] = [
  ['quiz_zone_', 'settings.modeQuizZone'],
  ['daily_quiz_', 'settings.modeDailyQuiz'],
  ['true_false_', 'settings.modeTrueFalse'],
  ['fun_n_learn_', 'settings.modeFunAndLearn'],
  ['guess_the_word_', 'settings.modeGuessTheWord'],
  ['audio_', 'settings.modeAudio'],
  ['maths_', 'settings.modeMaths'],
  ['multi_match_', 'settings.modeMultiMatch'],
  ['self_challenge_', 'settings.modeSelfChallenge'],
  ['bookmark_', 'settings.modeBookmarks'],
];

/**
 * The configuration in sections: general, maintenance, languages, the economy, each mode's
 * timing and coins, payouts; a key the schema gains later lands in "other" rather than nowhere.
 */
export function configGroups(): ConfigGroup[] {
  const placed = new Set<ConfigKey>(Object.values(FIXED).flat());
  const take = (pred: (k: ConfigKey) => boolean) => {
    const keys = CONFIG_KEYS.filter((k) => !placed.has(k) && pred(k));
    keys.forEach((k) => placed.add(k));
    return keys;
  };
  const groups: ConfigGroup[] = [
    { id: 'general', title: 'settings.groupGeneral', keys: FIXED.general! },
    {
      id: 'maintenance',
      title: 'settings.groupMaintenance',
      intro: 'settings.maintenanceIntro',
      keys: FIXED.maintenance!,
    },
    { id: 'languages', title: 'settings.groupLanguages', keys: FIXED.languages! },
    { id: 'economy', title: 'settings.groupEconomy', intro: 'settings.economyIntro', keys: FIXED.economy! },
  ];
  for (const [prefix, title] of MODES) {
    const keys = take((k) => k.startsWith(prefix));
    if (keys.length) groups.push({ id: prefix.slice(0, -1), title, keys });
  }
  groups.push({ id: 'payouts', title: 'settings.groupPayouts', keys: take((k) => k.startsWith('payout_')) });
  const rest = take(() => true);
  if (rest.length) groups.push({ id: 'other', title: 'settings.groupOther', keys: rest });
  return groups;
}

/** The saved configuration as form values (strings, as inputs hold them). */
export function toFormValues(c: SystemConfig): Record<string, string> {
  const out: Record<string, string> = {};
  for (const k of CONFIG_KEYS) {
    const v = c[k];
    out[k] = Array.isArray(v) ? v.join(', ') : v === undefined || v === null ? '' : String(v);
  }
  return out;
}

/** Form values as the schema takes them: lists split at commas, everything else as typed. */
export function fromFormValues(v: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const k of CONFIG_KEYS) {
    const x = v[k];
    out[k] =
      configKind(k) === 'list'
        ? String(x ?? '')
            .split(',')
            .map((s) => s.trim())
            .filter(Boolean)
        : x;
  }
  return out;
}
