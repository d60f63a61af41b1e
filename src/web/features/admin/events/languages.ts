import type { AdminLanguage } from '../../../../core/contract';

/** A language select's options: a prompt first, then each language (an inactive one marked). */
export function languageOptions(languages: AdminLanguage[], prompt: string, inactive: string) {
  return [
    { value: '', label: prompt },
    ...languages.map((l) => ({
      value: String(l.id),
      label: `${l.name} (${l.code})${l.status === 1 ? '' : ` ${inactive}`}`,
    })),
  ];
}

/** The language of an id, for a table cell ('' while the languages load). */
export function languageName(languages: readonly AdminLanguage[], id: number): string {
  return languages.find((x) => x.id === id)?.name ?? '';
}
