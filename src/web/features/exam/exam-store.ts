/**
 * What an exam under way keeps in this tab (sessionStorage), so that a reload resumes it: the key
 * it was opened with (resuming asks the server again, with the key), the answers given so far,
 * and when the page last went away (the 5-second rule across a reload).
 */
export interface StoredExam {
  key: string;
  /** Question id → the answer in its canonical form. */
  answers: Record<string, string>;
  awaySince: number | null;
}

const empty = (): StoredExam => ({ key: '', answers: {}, awaySince: null });

/** A Storage that may be missing or refuse writes (private mode, quota): the exam still runs. */
type Store = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export function sessionStore(): Store | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

export function examStoreKey(userId: number, examId: number): string {
  return `quizhub:exam:${userId}:${examId}`;
}

function isAnswers(v: unknown): v is Record<string, string> {
  return (
    typeof v === 'object' && v !== null && !Array.isArray(v) && Object.values(v).every((x) => typeof x === 'string')
  );
}

/** The tab's record of one exam for one player (empty when there is none or it is unreadable). */
export function readExam(store: Store | null, userId: number, examId: number): StoredExam {
  let raw: string | null = null;
  try {
    raw = store?.getItem(examStoreKey(userId, examId)) ?? null;
  } catch {
    return empty();
  }
  if (!raw) return empty();
  try {
    const v = JSON.parse(raw) as Partial<StoredExam>;
    return {
      key: typeof v.key === 'string' ? v.key : '',
      answers: isAnswers(v.answers) ? { ...v.answers } : {},
      awaySince: typeof v.awaySince === 'number' && Number.isFinite(v.awaySince) ? v.awaySince : null,
    };
  } catch {
    return empty();
  }
}

/** Merges `patch` into the record and saves it; answers the record as saved. */
export function writeExam(store: Store | null, userId: number, examId: number, patch: Partial<StoredExam>): StoredExam {
  const next = { ...readExam(store, userId, examId), ...patch };
  try {
    store?.setItem(examStoreKey(userId, examId), JSON.stringify(next));
  } catch {
    // Full or refused: the answers stay in memory for this page.
  }
  return next;
}

export function clearExam(store: Store | null, userId: number, examId: number): void {
  try {
    store?.removeItem(examStoreKey(userId, examId));
  } catch {
    // Nothing to do.
  }
}

/** The answers with one changed: an empty answer ('' — nothing ticked, an unfinished match) is none. */
export function withAnswer(
  answers: Record<string, string>,
  questionId: number,
  answer: string,
): Record<string, string> {
  const next = { ...answers };
  if (answer.trim() === '') delete next[String(questionId)];
  else next[String(questionId)] = answer;
  return next;
}

/**
 * What set_exam_module_result takes from the answers: each answered question of this exam once,
 * in the exam's order (answers kept for questions no longer in it are left out: the server would
 * refuse them), and the ids of those answered ("captured").
 */
export function submission(
  questionIds: readonly number[],
  answers: Record<string, string>,
): { answers: { question_id: number; answer: string }[]; captured: number[] } {
  const out: { question_id: number; answer: string }[] = [];
  for (const id of new Set(questionIds)) {
    const a = answers[String(id)];
    if (a !== undefined && a.trim() !== '') out.push({ question_id: id, answer: a });
  }
  return { answers: out, captured: out.map((a) => a.question_id) };
}

/**
 * The answers a resumed attempt starts with: those saved on the server (from any device), with
 * this tab's on top (given here after them, perhaps still queued to be saved).
 */
export function resumedAnswers(
  saved: readonly { question_id: number; answer: string }[] | undefined,
  tab: Record<string, string>,
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const s of saved ?? []) if (s.answer.trim() !== '') out[String(s.question_id)] = s.answer;
  return { ...out, ...tab };
}
