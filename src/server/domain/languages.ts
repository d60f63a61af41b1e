import type { ContentLanguage } from '../../core/contract';
import { desc, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { languages } from '../db/schema';
import type { SettingsStore } from './settings-store';

/** Active content languages, default first. */
export async function contentLanguages(db: Db): Promise<ContentLanguage[]> {
  const l = languages;
  return await db.orm
    .select({ id: l.id, language: l.name, code: l.code, rtl: l.rtl, is_default: l.is_default })
    .from(l)
    .where(sql`${l.status} = 1`)
    .orderBy(desc(l.is_default), l.id);
}

/**
 * The content language to serve: the one asked for when multi-language content is on and it is
 * active, else the default (spec §9: language mode other than "1" falls back to the default;
 * absent, blank and 0 mean the default). An id that is no active language also gets the default:
 * a device keeps the id of a language the operator may since have switched off, and a play it
 * queued offline must still be served and credited.
 */
export async function resolveLanguageId(db: Db, settings: SettingsStore, asked: number | undefined): Promise<number> {
  const all = await settings.all(db);
  const sys = await settings.system(db);
  if (sys.language_mode === '1' && asked && all.languageIds.includes(asked)) return asked;
  return all.languageIds[0] ?? sys.default_language_id;
}
