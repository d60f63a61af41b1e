import { describe, expect, it } from 'vitest';
import { ERRORS } from '../../core/contract/errors';
import { systemConfigSchema } from '../../core/contract/admin';
import { SOLO_MODES } from '../../core/rules/solo-modes';
import index from '../../../locales/index.json';

// The catalogues every interface language ships (locales/<code>/<namespace>.json), checked
// against English: the same keys, the plural forms each language needs, the same placeholders,
// and no key the code never asks for.

type Tree = { [k: string]: string | Tree };
const files = import.meta.glob<Tree>('../../../locales/*/*.json', { eager: true, import: 'default' });
const NAMESPACES = ['translation', 'admin', 'home', 'guide'] as const;
const catalogue = (code: string, ns: string): Tree | undefined => files[`../../../locales/${code}/${ns}.json`];
const en = (ns: string) => catalogue('en', ns)!;
const others = index.filter((l) => l.code !== 'en').map((l) => l.code);

const PLURAL = /_(zero|one|two|few|many|other)$/;

/** Every text of a catalogue by its dotted key. */
function leaves(o: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [k, v] of Object.entries(o)) {
    if (typeof v === 'string') out.set(`${prefix}${k}`, v);
    else for (const [kk, vv] of leaves(v, `${prefix}${k}.`)) out.set(kk, vv);
  }
  return out;
}

/** Keys with plural suffixes folded (a language has as many plural forms as it needs). */
const keys = (o: Tree) => new Set([...leaves(o).keys()].map((k) => k.replace(PLURAL, '')));

/** The names a text interpolates ("{{count}}", "{{n, number}}" → count, n). */
const placeholders = (text: string) => new Set([...text.matchAll(/\{\{\s*([\w.]+)[^}]*\}\}/g)].map((m) => m[1]!));

/** Placeholders of each English key, plural forms folded (one form may leave the count out). */
function englishPlaceholders(ns: string): Map<string, Set<string>> {
  const out = new Map<string, Set<string>>();
  for (const [k, v] of leaves(en(ns))) {
    const base = k.replace(PLURAL, '');
    out.set(base, new Set([...(out.get(base) ?? []), ...placeholders(v)]));
  }
  return out;
}

describe('locales', () => {
  it('lists en (default), ar (rtl), fr and hi in locales/index.json, each with every catalogue', () => {
    expect(index.map((l) => [l.code, l.rtl, Boolean((l as { default?: boolean }).default)])).toEqual([
      ['en', false, true],
      ['ar', true, false],
      ['fr', false, false],
      ['hi', false, false],
    ]);
    for (const { code } of index)
      for (const ns of NAMESPACES) expect(catalogue(code, ns), `${code}/${ns}`).toBeDefined();
  });

  it('has a message for every API error code', () => {
    for (const code of Object.keys(ERRORS)) expect(keys(en('translation')), code).toContain(`errors.${code}`);
  });

  it.each(others)('gives %s every English key and no other', (code) => {
    for (const ns of NAMESPACES)
      expect([...keys(catalogue(code, ns)!)].sort(), `${code}/${ns}`).toEqual([...keys(en(ns))].sort());
  });

  it.each(index.map((l) => l.code))('gives %s every plural form its language has, and only those', (code) => {
    const forms = new Intl.PluralRules(code).resolvedOptions().pluralCategories;
    for (const ns of NAMESPACES) {
      const plurals = new Set(
        [...leaves(en(ns)).keys()].filter((k) => PLURAL.test(k)).map((k) => k.replace(PLURAL, '')),
      );
      const own = leaves(catalogue(code, ns)!);
      for (const base of plurals)
        for (const f of forms) expect(own.has(`${base}_${f}`), `${code}/${ns} ${base}_${f}`).toBe(true);
      for (const k of own.keys()) {
        const form = PLURAL.exec(k)?.[1];
        // `_zero` is i18next's own form for a count of 0, in any language.
        if (form && form !== 'zero' && plurals.has(k.replace(PLURAL, '')))
          expect(forms, `${code}/${ns} ${k}`).toContain(form as Intl.LDMLPluralRule);
      }
    }
  });

  it.each(others)('keeps the placeholders of the English texts in %s', (code) => {
    for (const ns of NAMESPACES) {
      const english = englishPlaceholders(ns);
      for (const [k, text] of leaves(catalogue(code, ns)!)) {
        const base = k.replace(PLURAL, '');
        const want = english.get(base) ?? new Set();
        const got = placeholders(text);
        if (base !== k) {
          // A plural form may say its count in words ("سؤال واحد"), never a name English lacks.
          for (const p of got) expect(want, `${code}/${ns} ${k}: {{${p}}}`).toContain(p);
        } else expect([...got].sort(), `${code}/${ns} ${k}`).toEqual([...want].sort());
      }
    }
  });

  it('uses every English key somewhere in the code', () => {
    expect(Object.keys(sources).length).toBeGreaterThan(300); // the glob reads the code, not nothing
    const { literals, templates } = sourceStrings();
    const unused: string[] = [];
    for (const ns of NAMESPACES)
      for (const key of keys(en(ns)))
        if (!isUsed(`${ns}:${key}`, key, literals, templates)) unused.push(`${ns}:${key}`);
    expect(unused).toEqual([]);
  });
});

/**
 * Keys made at run time from data rather than from a literal in the code: the prefix, and the
 * endings the data can give it (read from where that data is defined).
 */
const DYNAMIC: Record<string, readonly string[]> = {
  // errorMessage(code): `errors.${code}` for every code of the contract.
  'translation:errors.': Object.keys(ERRORS),
  // A first clear's ledger row: `${mode}_level` (server/domain/play/grade.ts), shown by reasonLabel.
  'translation:wallet.reason.': SOLO_MODES.map((m) => `${m}_level`),
  // The console's system configuration form: a label and a hint per field of the schema.
  'admin:settings.field.': Object.keys(systemConfigSchema.shape),
  'admin:settings.hint.': Object.keys(systemConfigSchema.shape),
};

/** True when the code names the key: as a literal, as `prefix${x}suffix` with x a literal, or as data above. */
function isUsed(nsKey: string, key: string, literals: Set<string>, templates: [string, string][]): boolean {
  if (literals.has(key)) return true;
  for (const [prefix, endings] of Object.entries(DYNAMIC))
    if (nsKey.startsWith(prefix) && endings.includes(nsKey.slice(prefix.length))) return true;
  return templates.some(([before, after]) => {
    if (!key.startsWith(before) || !key.endsWith(after) || key.length <= before.length + after.length) return false;
    const middle = key.slice(before.length, key.length - after.length);
    return !middle.includes('.') && literals.has(middle);
  });
}

// The code's text, read by Vite (web tests may not import Node's fs): src/, tests aside.
const sources = import.meta.glob<string>(['../../**/*.{ts,tsx}', '!../../**/*.{test,spec}.{ts,tsx}'], {
  eager: true,
  query: '?raw',
  import: 'default',
});

/** Every string literal of src/ (tests aside), and the text around each `${…}` of a template. */
function sourceStrings(): { literals: Set<string>; templates: [string, string][] } {
  const literals = new Set<string>();
  const templates: [string, string][] = [];
  for (const text of Object.values(sources)) {
    // Read in turn, then each kind of quote on its own: a template's `${t('key')}` holds keys too.
    for (const m of text.matchAll(/'([^'\\\n]*)'|"([^"\\\n]*)"|`([^`\\]*)`/g)) literals.add(m[1] ?? m[2] ?? '');
    for (const m of [
      ...text.matchAll(/'([^'\\\n]*)'/g),
      ...text.matchAll(/"([^"\\\n]*)"/g),
      ...text.matchAll(/`([^`\\]*)`/g),
    ]) {
      const s = m[1] ?? '';
      if (!s.includes('${')) literals.add(s);
      for (const t of s.matchAll(/([\w.]*)\$\{[^}]*\}([\w]*)/g))
        if (t[1]!.endsWith('.')) templates.push([t[1]!, t[2]!]);
    }
  }
  return { literals, templates };
}
