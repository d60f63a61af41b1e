import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { languages } from '../db/schema';
import { resolveLanguageId } from './languages';
import type { SettingsStore } from './settings-store';

/** The home screen's title and subtitle in a content language (the default one when none is asked). */
export async function webHomeTexts(
  db: Db,
  settings: SettingsStore,
  asked: number | undefined,
): Promise<{ language_id: number; title: string; subtitle: string }> {
  const id = await resolveLanguageId(db, settings, asked);
  const [lang] = await db.orm.select({ code: languages.code }).from(languages).where(eq(languages.id, id));
  const home = (await settings.all(db)).home[lang?.code ?? 'en'];
  return {
    language_id: id,
    title: home?.title ?? 'Ready for a challenge?',
    subtitle: home?.subtitle ?? 'Pick a mode and start playing.',
  };
}
