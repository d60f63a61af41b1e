import { LRUCache } from 'lru-cache';
import type { playSessions, Row } from '../../db/schema';

/**
 * What grading one answer needs of a session and that never changes once it is stored: whose it
 * is, its questions, their key and types, and whether it is graded answer by answer (sealed).
 * Everything else an answer depends on (open, deadline, answers so far, rewards) changes and is
 * read live by the statement that stores the answer.
 */
export type SessionKey = Pick<
  Row<typeof playSessions>,
  'id' | 'user_id' | 'question_ids' | 'answer_key' | 'question_types' | 'sealed'
>;

/**
 * The keys of recent sessions, by id, in this process (issue 24: an answer was two statements,
 * the session's read and the answer's write; with its key kept it is the write alone, which
 * reads what changes itself). A key is the row's own fixed columns, so a kept one is right on any
 * node for as long as the session exists; a session that no longer exists is told by the
 * statement, which finds no row. About 1 KB a session of ten questions: 10,000 cost 10 MB.
 */
const kept = new LRUCache<string, SessionKey>({ max: 10_000, ttl: 6 * 3600_000 });

/** Keeps a session's key (on opening it, or on the first answer this process grades of it). */
export function keepSessionKey(k: SessionKey): void {
  kept.set(k.id, k);
}

/** A kept key of a session, if this process has one. */
export function keptSessionKey(id: string): SessionKey | undefined {
  return kept.get(id);
}

/** Forgets every kept key (a test's node that opened none of the sessions it is asked about). */
export function forgetSessionKeysHere(): void {
  kept.clear();
}
