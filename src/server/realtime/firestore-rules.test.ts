// firestore.rules cannot be executed here: only the official Firestore emulator enforces rules,
// and it needs Java 21 and a download (TOOLCHAIN.md). So this file holds (1) the reviewed table
// of what the rules must allow, for a reader with `firebase deploy --only firestore:rules` and
// the official emulator at hand, and (2) checks of the rules' text that fail on the usual ways
// such a file goes wrong: a write allowed to clients, a read without a signed-in user, a
// catch-all that opens everything.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../paths';

const rules = readFileSync(`${ROOT}/firestore.rules`, 'utf8');

/** The reviewed cases: who may do what (uid "p1" and "p2" sit in room R; "x" does not). */
const CASES = [
  { op: 'get', path: 'rooms/R', auth: 'p1', allowed: true, why: 'a player reads the room they sit in' },
  { op: 'get', path: 'rooms/R', auth: 'x', allowed: false, why: 'another signed-in user may not' },
  { op: 'get', path: 'rooms/R', auth: null, allowed: false, why: 'nor may a visitor' },
  { op: 'get', path: 'rooms/R/players/2', auth: 'p1', allowed: true, why: 'the players of their room' },
  { op: 'get', path: 'rooms/R/players/2', auth: 'x', allowed: false, why: 'not of a room they are not in' },
  {
    op: 'list',
    path: 'rooms',
    auth: 'p1',
    allowed: false,
    why: 'no listing of all rooms (query not filtered by the rule)',
  },
  { op: 'get', path: 'contests/7', auth: 'x', allowed: true, why: 'any signed-in player reads a live board' },
  { op: 'get', path: 'contests/7', auth: null, allowed: false, why: 'a visitor does not' },
  {
    op: 'set',
    path: 'rooms/R',
    auth: 'p1',
    allowed: false,
    why: 'clients never write: the server does, with firebase-admin',
  },
  {
    op: 'update',
    path: 'rooms/R/players/1',
    auth: 'p1',
    allowed: false,
    why: 'not even their own seat (points, answers)',
  },
  { op: 'set', path: 'contests/7', auth: 'x', allowed: false, why: 'nor a board' },
  { op: 'get', path: 'users/1', auth: 'p1', allowed: false, why: 'nothing else is readable' },
] as const;

/** Each `allow` line: its operations and its condition. */
const allows = [...rules.matchAll(/allow\s+([a-z, ]+):\s*if\s+([^;]+);/g)].map((m) => ({
  ops: m[1]!.split(',').map((s) => s.trim()),
  cond: m[2]!.replace(/\s+/g, ' ').trim(),
}));

describe('firestore.rules (checked as text; see the table of cases above)', () => {
  it('lets no client write anything', () => {
    const writes = allows.filter((a) => a.ops.some((o) => ['write', 'create', 'update', 'delete'].includes(o)));
    expect(writes.length).toBeGreaterThan(0);
    for (const w of writes) expect(w.cond).toBe('false');
  });

  it('lets nothing be read without a signed-in user, and the catch-all reads nothing', () => {
    const reads = allows.filter((a) => a.ops.some((o) => ['read', 'get', 'list'].includes(o)) && a.cond !== 'false');
    expect(reads.length).toBe(3);
    for (const r of reads) expect(r.cond).toMatch(/^(signedIn\(\)|readsRoom\(roomId\))/);
    expect(rules).toMatch(/match \/\{document=\*\*\} \{\s*allow read, write: if false;/);
  });

  it('lets a room be read only by the uids the server lists on it', () => {
    expect(rules).toMatch(
      /match \/rooms\/\{roomId\} \{\s*allow read: if signedIn\(\) && request\.auth\.uid in resource\.data\.reader_uids;/,
    );
    expect(rules).toMatch(
      /request\.auth\.uid in get\(\/databases\/\$\(database\)\/documents\/rooms\/\$\(roomId\)\)\.data\.reader_uids/,
    );
    expect(CASES.filter((c) => c.allowed).every((c) => c.auth !== null)).toBe(true);
  });
});
