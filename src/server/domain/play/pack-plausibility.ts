import type { PackKind } from '../../../core/contract';
import type { Db } from '../../db/client';
import { msSinceServed } from '../packs';
import type { SettingsStore } from '../settings-store';
import { recordTrustEvent } from '../trust-events';

/** A pack play's answers as posted, with the time the device says each took. */
interface TimedAnswer {
  question_id: number;
  answer: string | null;
  elapsed_ms?: number;
}

/**
 * Whether a pack play could have been made by a person: no answer given faster than the human
 * floor, and the play's time (each answer at least the floor) within the time since the server
 * first served this version to the player. An implausible play is recorded as an
 * `implausible_pack` trust event; the caller pays it nothing.
 */
export async function plausiblePackPlay(
  db: Db,
  settings: SettingsStore,
  o: { userId: number; kind: PackKind; languageId: number; version: string; sessionId: string },
  questionIds: readonly number[],
  answers: readonly TimedAnswer[],
): Promise<boolean> {
  const floor = (await settings.rules(db)).human_floor_ms;
  const asked = new Set(questionIds);
  const given = answers.filter((a) => asked.has(a.question_id) && a.answer !== null && a.answer !== '');
  const tooFast = given.filter((a) => a.elapsed_ms !== undefined && a.elapsed_ms < floor).length;
  const needed = given.reduce((n, a) => n + Math.max(a.elapsed_ms ?? 0, floor), 0);
  const since = await msSinceServed(db, o.userId, o.kind, o.languageId, o.version);
  if (tooFast === 0 && needed <= since) return true;
  await recordTrustEvent(db, o.userId, 'implausible_pack', o.sessionId, {
    kind: o.kind,
    answers: given.length,
    too_fast: tooFast,
    needed_ms: needed,
    served_ms_ago: Math.floor(since),
    floor,
  });
  return false;
}
