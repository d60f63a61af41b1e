import type { AdminEventQuestion, AdminLanguage } from '../../../../core/contract';
import { api } from '../../../lib/api-client';

/** A question as the contest and exam forms list it (marks count for exams only). */
export type PoolQuestion = Pick<AdminEventQuestion, 'id' | 'type' | 'question' | 'marks'>;

/**
 * A question picked for a contest or exam: its marks as the operator types them; `off` when it
 * was switched off since (players are not asked it, and a changed list must leave it out).
 */
export type PickedQuestion = Omit<PoolQuestion, 'marks'> & { marks: string; off?: boolean };

export type EventKind = 'contest' | 'exam';

let languages: Promise<AdminLanguage[]> | null = null;

/** The content languages (loaded once per visit to the console). */
export function loadLanguages(): Promise<AdminLanguage[]> {
  languages ??= api('admin_get_languages', { limit: 100 }).catch((e: unknown) => {
    languages = null;
    throw e;
  });
  return languages;
}

// The most questions of a bank the picker loads (pages of 100).
const POOL_MAX = 1000;

/**
 * The active questions of the contest (or exam) question bank of a language: the categories of
 * type 8 (7) that the Content screens manage, as admin_get_questions lists them.
 */
export async function loadQuestionPool(kind: EventKind, languageId: number): Promise<PoolQuestion[]> {
  const out: PoolQuestion[] = [];
  for (let offset = 0; offset < POOL_MAX; offset += 100) {
    const page = await api('admin_get_questions', {
      category_type: kind,
      language_id: languageId,
      status: 'active',
      sort: 'id',
      order: 'asc',
      offset,
      limit: 100,
    });
    out.push(...page.map((q) => ({ id: q.id, type: q.type, question: q.question, marks: q.marks })));
    if (page.length < 100) break;
  }
  return out;
}

/** A question's text for a list: one line, markup-free. */
export function questionLine(q: Pick<PoolQuestion, 'question'>): string {
  return q.question.replace(/\s+/g, ' ').trim();
}
