import {
  SETTING_PAGES,
  type AdminTranslation,
  type AdminTranslations,
  type SettingPage,
  type SystemConfig,
} from '../../../core/contract';
import { eq } from 'drizzle-orm';
import { sql, type Db } from '../../db/client';
import { languages, uiTranslations } from '../../db/schema';
import { AppError } from '../../errors';
import { appLanguageJson, appLanguages } from '../app-languages';
import type { SettingsStore } from '../settings-store';

/** Saves the whole system configuration; the default content language must exist and be active. */
export async function saveSystemConfig(
  db: Db,
  store: SettingsStore,
  next: SystemConfig,
): Promise<{ before: SystemConfig; after: SystemConfig }> {
  const lang = await db.one(sql`SELECT 1 AS ok FROM languages WHERE id = ${next.default_language_id} AND status = 1`);
  if (!lang)
    throw new AppError('invalid_input', {
      field: 'config.default_language_id',
      message: 'config.default_language_id: no such active language',
    });
  const before = await store.system(db);
  if (before.default_language_id !== next.default_language_id) {
    // Under the languages' row locks, as saving a language does: one default at a time.
    await db.run(sql`SELECT id FROM languages ORDER BY id FOR UPDATE`);
    await db.run(sql`UPDATE languages SET is_default = (id = ${next.default_language_id})`);
  }
  await store.put('system', next, db);
  return { before, after: next };
}

/** The text of every page, as players read it (the operator's, else the shipped one). */
export async function pagesOf(store: SettingsStore, db: Db, defaults: Record<SettingPage, string>) {
  const pages = (await store.all(db)).pages;
  return Object.fromEntries(SETTING_PAGES.map((p) => [p, pages[p] ?? defaults[p]])) as Record<SettingPage, string>;
}

export async function savePage(db: Db, store: SettingsStore, type: SettingPage, message: string) {
  const pages = { ...(await store.all(db)).pages };
  const before = pages[type] ?? null;
  pages[type] = message;
  await store.put('pages', pages, db);
  return { before, after: message };
}

/** Sets the home screen's heading of one content language. */
export async function saveHomeHeading(
  db: Db,
  store: SettingsStore,
  o: { languageId: number; title: string; subtitle: string },
) {
  const [lang] = await db.orm.select({ code: languages.code }).from(languages).where(eq(languages.id, o.languageId));
  if (!lang) throw new AppError('not_found', { field: 'language_id', message: 'No such language.' });
  const home = { ...(await store.all(db)).home };
  const before = home[lang.code] ?? null;
  home[lang.code] = { title: o.title, subtitle: o.subtitle };
  await store.put('home', home, db);
  return { code: lang.code, before, after: home[lang.code] };
}

/** A catalogue's texts by dotted key. */
function flatten(o: Record<string, unknown>, prefix = '', out = new Map<string, string>()) {
  for (const [k, v] of Object.entries(o)) {
    const key = prefix ? `${prefix}.${k}` : k;
    if (typeof v === 'string') out.set(key, v);
    else if (v && typeof v === 'object') flatten(v as Record<string, unknown>, key, out);
  }
  return out;
}

async function catalogue(code: string): Promise<Map<string, string>> {
  return flatten((await appLanguageJson(code)).data);
}

async function defaultCode(): Promise<string> {
  return (await appLanguages()).find((l) => l.is_default)?.code ?? 'en';
}

/** The operator's texts of a language, by key. */
export async function translationOverrides(db: Db, code: string): Promise<Map<string, string>> {
  const rows = await db.orm
    .select({ key: uiTranslations.key, value: uiTranslations.value })
    .from(uiTranslations)
    .where(eq(uiTranslations.language_code, code));
  return new Map(rows.map((r) => [r.key, r.value]));
}

/** Changes whenever an operator's text is added, changed or removed ('' when there are none). */
export async function translationsVersion(db: Db): Promise<string> {
  const [v] = await db.orm
    .select({
      v: sql<string>`coalesce(count(*) || '-' || extract(epoch FROM max(${uiTranslations.updated_at}))::text, '')`,
    })
    .from(uiTranslations);
  return v?.v === '0-' ? '' : (v?.v ?? '');
}

/** A language's keys beside the default language's, with the operator's texts and what is missing. */
export async function listTranslations(
  db: Db,
  o: { code: string; search?: string; missingOnly: boolean; offset: number; limit: number },
): Promise<AdminTranslations> {
  const shipped = await catalogue(o.code);
  const source = await catalogue(await defaultCode());
  const overrides = await translationOverrides(db, o.code);
  const all: AdminTranslation[] = [...source.keys()].map((key) => ({
    key,
    source: source.get(key)!,
    shipped: shipped.get(key) ?? '',
    override: overrides.get(key) ?? null,
  }));
  const isMissing = (r: AdminTranslation) => !r.shipped && !r.override;
  const needle = o.search?.toLowerCase();
  const matching = all.filter(
    (r) =>
      (!o.missingOnly || isMissing(r)) &&
      (!needle || [r.key, r.source, r.shipped, r.override ?? ''].some((t) => t.toLowerCase().includes(needle))),
  );
  return {
    language_code: o.code,
    rows: matching.slice(o.offset, o.offset + o.limit),
    missing: all.filter(isMissing).length,
    total: matching.length,
  };
}

/** Sets (or, with an empty value, removes) the operator's text of a key the default catalogue has. */
export async function saveTranslation(
  db: Db,
  o: { code: string; key: string; value: string },
): Promise<{ before: string | null; row: AdminTranslation }> {
  const source = await catalogue(await defaultCode());
  if (!source.has(o.key)) throw new AppError('not_found', { field: 'key', message: 'No such text key.' });
  const shipped = await catalogue(o.code);
  const before = (await translationOverrides(db, o.code)).get(o.key) ?? null;
  if (o.value.trim() === '') {
    await db.run(sql`DELETE FROM ui_translations WHERE language_code = ${o.code} AND key = ${o.key}`);
  } else {
    await db.run(sql`INSERT INTO ui_translations (language_code, key, value) VALUES (${o.code}, ${o.key}, ${o.value})
      ON CONFLICT (language_code, key) DO UPDATE SET value = EXCLUDED.value, updated_at = now()`);
  }
  const override = o.value.trim() === '' ? null : o.value;
  return {
    before,
    row: { key: o.key, source: source.get(o.key)!, shipped: shipped.get(o.key) ?? '', override },
  };
}

/** A catalogue with the operator's texts laid over it (what players are shown). */
export async function mergedCatalogue(db: Db, code: string) {
  const base = await appLanguageJson(code);
  const overrides = await translationOverrides(db, code);
  if (overrides.size === 0) return base;
  const data = structuredClone(base.data);
  for (const [key, value] of overrides) {
    const parts = key.split('.');
    let node = data;
    for (const p of parts.slice(0, -1)) {
      if (typeof node[p] !== 'object' || node[p] === null) node[p] = {};
      node = node[p] as Record<string, unknown>;
    }
    node[parts.at(-1)!] = value;
  }
  return { ...base, data };
}
