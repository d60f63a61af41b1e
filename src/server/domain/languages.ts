import type { ContentLanguage } from '../../core/contract';
import { sql, type Db } from '../db/client';
import type { SettingsStore } from './settings-store';

/** Active content languages, default first. */
export function contentLanguages(db: Db): Promise<ContentLanguage[]> {
  return db.rows<ContentLanguage>(sql`SELECT id, name AS language, code, rtl, is_default
    FROM languages WHERE status = 1 ORDER BY is_default DESC, id`);
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
