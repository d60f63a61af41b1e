import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { AppLanguage } from '../../core/contract';
import { PATHS } from '../paths';
import { AppError } from '../errors';

interface LocaleIndexEntry {
  code: string;
  name: string;
  rtl: boolean;
  default?: boolean;
}

let index: Promise<LocaleIndexEntry[]> | undefined;
const catalogues = new Map<string, Promise<Record<string, unknown>>>();

/** Interface languages, from `locales/index.json`. */
export async function appLanguages(): Promise<AppLanguage[]> {
  index ??= readFile(join(PATHS.locales, 'index.json'), 'utf8').then((t) => JSON.parse(t) as LocaleIndexEntry[]);
  return (await index).map((l) => ({ name: l.name, code: l.code, rtl: l.rtl, is_default: Boolean(l.default) }));
}

/** One interface language's catalogue, from `locales/<code>/translation.json`. */
export async function appLanguageJson(
  code: string,
): Promise<{ language: string; rtl: boolean; data: Record<string, unknown> }> {
  const lang = (await appLanguages()).find((l) => l.code === code);
  if (!lang) throw new AppError('not_found', { field: 'language', message: 'No such interface language.' });
  let cat = catalogues.get(code);
  if (!cat) {
    cat = readFile(join(PATHS.locales, code, 'translation.json'), 'utf8').then(
      (t) => JSON.parse(t) as Record<string, unknown>,
    );
    catalogues.set(code, cat);
  }
  return { language: code, rtl: lang.rtl, data: await cat };
}
