import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { canonicalAnswer, normalizeWord } from '../../../core/rules/answers';
import { PATHS, ROOT } from '../../paths';
import { questionRow, readModeFiles, type ModeFile, type SeedQuestion } from './seed-modes';

const files = readModeFiles(join(PATHS.demoContent, 'modes'));
const questions = (f: ModeFile): SeedQuestion[] =>
  f.categories.flatMap((c) =>
    c.subcategories.flatMap((s) => [...(s.levels ?? []).flat(), ...(s.texts ?? []).flatMap((t) => t.questions)]),
  );
/** The slugs of a file, which progress is kept by: identical in every language of a mode. */
const shape = (f: ModeFile) =>
  f.categories.map((c) => ({
    slug: c.slug,
    premium: c.premium_price,
    subs: c.subcategories.map((s) => ({
      slug: s.slug,
      levels: (s.levels ?? []).map((l) => l.length),
      texts: (s.texts ?? []).map((t) => [t.slug, t.questions.length]),
    })),
  }));

describe('the demo content of the solo modes', () => {
  it('has every mode in English and Arabic with the same slugs', () => {
    const modes = ['fun_n_learn', 'guess_the_word', 'audio', 'maths', 'multi_match', 'quiz_zone'];
    for (const mode of modes) {
      const en = files.find((f) => f.mode === mode && f.language === 'en');
      const ar = files.find((f) => f.mode === mode && f.language === 'ar');
      expect(en, `${mode} en`).toBeDefined();
      expect(ar, `${mode} ar`).toBeDefined();
      expect(shape(ar!), mode).toEqual(shape(en!));
    }
  });

  it('has at least 3 categories a mode with 3 levels, rounds or texts each in English and Arabic', () => {
    for (const f of files.filter((x) => x.mode !== 'quiz_zone' && x.language !== 'fr')) {
      expect(f.categories.length, `${f.language} ${f.mode}`).toBeGreaterThanOrEqual(3);
      for (const c of f.categories)
        for (const s of c.subcategories)
          expect((s.levels ?? s.texts ?? []).length, `${f.mode} ${c.slug}/${s.slug}`).toBeGreaterThanOrEqual(3);
    }
  });

  it('has French content of its own for guess the word, maths and fun and learn, 3 rounds or texts each', () => {
    for (const mode of ['guess_the_word', 'maths', 'fun_n_learn']) {
      const fr = files.find((f) => f.mode === mode && f.language === 'fr');
      expect(fr, mode).toBeDefined();
      const en = files.find((f) => f.mode === mode && f.language === 'en')!;
      // Original questions, not a translation: its own slugs, so no English progress carries over.
      const enSlugs = new Set(en.categories.map((c) => c.slug));
      for (const c of fr!.categories) {
        expect(enSlugs.has(c.slug), `${mode} ${c.slug}`).toBe(false);
        for (const s of c.subcategories)
          expect((s.levels ?? s.texts ?? []).length, `${mode} ${c.slug}/${s.slug}`).toBeGreaterThanOrEqual(3);
      }
    }
  });

  it('gives every question a well-formed answer of its type', () => {
    for (const f of files) {
      for (const q of questions(f)) {
        const where = `${f.language} ${f.mode}: ${q.question}`;
        const row = questionRow(q);
        expect(canonicalAnswer(row.type, row.answer), where).toBeTruthy();
        expect(q.explanation.trim(), where).not.toBe('');
        if (q.type === 'mcq' || q.type === 'true_false') {
          expect(q.answer, where).toBeGreaterThanOrEqual(0);
          expect(q.answer, where).toBeLessThan(q.options.length);
          expect(new Set(q.options).size, where).toBe(q.options.length);
        }
        if (q.type === 'multi_select') {
          expect(new Set(q.answers).size, where).toBeGreaterThanOrEqual(2);
          expect(Math.max(...q.answers), where).toBeLessThan(q.options.length);
        }
        if (q.type === 'sequence') expect(q.items.length, where).toBeGreaterThanOrEqual(3);
        if (q.type === 'match') expect(new Set(q.pairs.map((p) => p[1])).size, where).toBe(q.pairs.length);
        if (q.type === 'word') expect(normalizeWord(q.answer).length, where).toBeGreaterThanOrEqual(3);
        if (f.mode === 'audio') {
          const audio = 'audio' in q ? q.audio : undefined;
          expect(audio, where).toMatch(/^\/audio\/demo\/[a-z0-9-]+\.mp3$/);
          expect(existsSync(join(ROOT, 'public', audio!)), `${where}: ${audio}`).toBe(true);
        }
        if (f.mode === 'maths') expect('latex' in q && q.latex, where).toBe(true);
      }
    }
  });
});
