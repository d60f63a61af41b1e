import type { SettingPage, SystemConfig } from '../../core/contract';
import { DEFAULT_LEADERBOARD_TIMEZONE } from '../../core/rules/leaderboard';
import { DEFAULT_PAYOUT_RULES } from '../../core/rules/payout';
import { DEFAULT_REWARD_RULES, type RewardRules } from '../../core/rules/reward-rules';
import { desc } from 'drizzle-orm';
import { sql, type Db } from '../db/client';
import { languages, settings } from '../db/schema';

export const DEFAULT_SYSTEM_CONFIG: SystemConfig = {
  ...DEFAULT_REWARD_RULES,
  ...DEFAULT_PAYOUT_RULES,
  language_mode: '1',
  maintenance_mode: '0',
  maintenance_message: '',
  default_language_id: 1,
  app_name: 'QuizHub',
  leaderboard_timezone: DEFAULT_LEADERBOARD_TIMEZONE,
  disabled_modes: [],
  // Demo details until the operator gives theirs (console → Settings → General).
  contact_email: 'support@quizhub.example',
  contact_phone: '+1 555 0100',
  contact_address: '',
};

export interface StoredSettings {
  system: Partial<SystemConfig>;
  /** Active content language ids, the default first (read with the settings, as rarely changed). */
  languageIds: number[];
  pages: Partial<Record<SettingPage, string>>;
  home: Record<string, { title: string; subtitle: string }>;
}

const CACHE_MS = 3000;

/**
 * Operator-editable settings, kept as JSON rows in `settings` and merged over the defaults.
 * Cached until the database announces a change of settings or languages (`invalidate()`, from
 * ContentChanges: every node within a moment), and at most a few seconds, the backstop for an
 * announcement lost with a dropped listening connection.
 */
export class SettingsStore {
  private cache?: { at: number; value: StoredSettings };
  private changes = 0;
  constructor(private readonly db: Db) {}

  /** Counts the changes made through this store: caches built on the settings compare it. */
  get generation(): number {
    return this.changes;
  }

  /**
   * All settings. Inside a transaction pass its `db`: PGlite has one connection, and a query
   * on the outer handle would wait for the transaction that is waiting for it.
   */
  async all(db: Db = this.db): Promise<StoredSettings> {
    if (this.cache && Date.now() - this.cache.at < CACHE_MS) return this.cache.value;
    // A change announced while this reads may not be in what it read: then it is not kept.
    const generation = this.changes;
    const rows = await db.orm
      .select({ key: settings.key, value: settings.value })
      .from(settings)
      .where(sql`${settings.key} IN ('system', 'pages', 'home')`);
    const byKey = Object.fromEntries(rows.map((r) => [r.key, r.value]));
    const langs = await db.orm
      .select({ id: languages.id })
      .from(languages)
      .where(sql`${languages.status} = 1`)
      .orderBy(desc(languages.is_default), languages.id);
    const value: StoredSettings = {
      system: (byKey.system as StoredSettings['system']) ?? {},
      languageIds: langs.map((l) => l.id),
      pages: (byKey.pages as StoredSettings['pages']) ?? {},
      home: (byKey.home as StoredSettings['home']) ?? {},
    };
    if (generation === this.changes) this.cache = { at: Date.now(), value };
    return value;
  }

  async system(db?: Db): Promise<SystemConfig> {
    const all = await this.all(db);
    // The default content language is the one marked so in languages (one source of truth).
    const defaultId = all.languageIds[0];
    return { ...DEFAULT_SYSTEM_CONFIG, ...all.system, ...(defaultId ? { default_language_id: defaultId } : {}) };
  }

  async rules(db?: Db): Promise<RewardRules> {
    return this.system(db);
  }

  /** Forgets the cached settings (after an operator changes settings or languages). */
  invalidate(): void {
    this.cache = undefined;
    this.changes++;
  }

  /** Replaces one settings row (operator console, seeds, tests); inside a transaction pass its `db`. */
  async put(key: 'system' | 'pages' | 'home', value: unknown, db: Db = this.db): Promise<void> {
    await db.run(sql`INSERT INTO settings (key, value, updated_at)
      VALUES (${key}, ${JSON.stringify(value)}::jsonb, now())
      ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value, updated_at = now()`);
    this.invalidate();
  }
}
