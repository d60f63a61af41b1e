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

// How many of a language's latest contests or exams are read for their questions.
const POOL_EVENTS = 40;
const POOL_PARALLEL = 4;

/**
 * The active contest (or exam) questions of a language that the console can offer. No action
 * lists the questions of the contest and exam categories (admin_get_questions serves the content
 * modes only), so they are gathered from the language's latest contests or exams — the questions
 * the demo content and earlier events brought. Replace with a listing action once one exists.
 */
export async function loadQuestionPool(kind: EventKind, languageId: number): Promise<PoolQuestion[]> {
  const ids =
    kind === 'contest'
      ? (await api('admin_get_contests', { language_id: languageId, limit: POOL_EVENTS })).map((c) => c.id)
      : (await api('admin_get_exams', { language_id: languageId, limit: POOL_EVENTS })).map((e) => e.id);
  const found = new Map<number, PoolQuestion>();
  for (let i = 0; i < ids.length; i += POOL_PARALLEL) {
    const batch = await Promise.all(
      ids
        .slice(i, i + POOL_PARALLEL)
        .map((id) =>
          kind === 'contest'
            ? api('admin_get_contest', { contest_id: id }).then((c) => c.questions)
            : api('admin_get_exam', { exam_id: id }).then((e) => e.questions),
        ),
    );
    for (const q of batch.flat())
      if (q.status === 1 && !found.has(q.id))
        found.set(q.id, { id: q.id, type: q.type, question: q.question, marks: q.marks });
  }
  return [...found.values()].sort((a, b) => a.id - b.id);
}

/** A question's text for a list: one line, markup-free. */
export function questionLine(q: Pick<PoolQuestion, 'question'>): string {
  return q.question.replace(/\s+/g, ' ').trim();
}
