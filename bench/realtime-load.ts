// A load process of `npm run bench:realtime` (forked by realtime.bench.ts, several at once).
// It holds both players of each of its rooms, so the time from one player sending `answer`
// to the other receiving the matching `answered` is read on one clock. Each player answers
// once a second: at max(round opens, previous answer + 1 s); the first answer of each player
// is spread over the first second. Against the real server the rooms are friend battles
// (create_room, join_room, join over the socket, start_room) that start again when they end;
// against the bare relay the same frames go out on the same schedule.
import { performance } from 'node:perf_hooks';
import WebSocket from 'ws';
import { serverMessages, type ServerMessage } from '../src/core/contract';

export interface PairSpec {
  a: string;
  b: string;
}
export interface SetupMsg {
  cmd: 'setup';
  mode: 'server' | 'relay';
  /** Where each seat's socket and HTTP calls go: [player A, player B]. */
  http: [string, string];
  ws: [string, string];
  pairs: PairSpec[];
  category: string;
  noOfQue: number;
}
export interface GoMsg {
  cmd: 'go';
  /** Epoch ms: answers sent in [from, to) are measured; none are sent after `to`. */
  from: number;
  to: number;
}
export interface DoneMsg {
  ev: 'done';
  latencies: number[];
  /** Answers sent in the window, answered frames missing, rooms finished and restarted, errors by code. */
  sent: number;
  lost: number;
  roomsFinished: number;
  errors: Record<string, number>;
  /** With BENCH_TRACE=1: each measured answer's key, sent and received (epoch ms, this clock). */
  trace?: [string, number, number][];
}

const SETUP_CONCURRENCY = 16;

async function post<T>(base: string, action: string, fields: Record<string, unknown>, token: string): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      const res = await fetch(`${base}/api/${action}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify(fields),
      });
      const body = (await res.json()) as { error: boolean; data: T; message?: string };
      if (!res.ok || body.error) throw new Error(`${action}: ${res.status} ${JSON.stringify(body)}`);
      return body.data;
    } catch (e) {
      if (attempt >= 2) throw e;
      await new Promise((r) => setTimeout(r, 200 * (attempt + 1)));
    }
  }
}

async function pool<T>(items: T[], n: number, fn: (t: T) => Promise<void>) {
  let i = 0;
  await Promise.all(
    Array.from({ length: Math.min(n, items.length) }, async () => {
      while (i < items.length) await fn(items[i++]!);
    }),
  );
}

class Player {
  ws!: WebSocket;
  userId = 0;
  lastAnswer = 0;
  room = '';
  partner!: Player;
  private waiters: { match: (m: ServerMessage) => boolean; ok: (m: ServerMessage) => void }[] = [];
  onMessage: (m: ServerMessage) => void = () => {};

  constructor(
    readonly token: string,
    readonly http: string,
    /** Player A creates and starts the pair's rooms. */
    readonly isA: boolean,
  ) {}

  async connect(url: string) {
    this.ws = new WebSocket(url, { perMessageDeflate: false });
    this.ws.on('message', (d) => {
      for (const m of serverMessages(d.toString())) {
        const w = this.waiters.findIndex((x) => x.match(m));
        if (w >= 0) this.waiters.splice(w, 1)[0]!.ok(m);
        this.onMessage(m);
      }
    });
    await new Promise((ok, fail) => this.ws.once('open', ok).once('error', fail));
    const welcome = this.wait((m) => m.type === 'welcome' || m.type === 'error');
    this.send({ type: 'hello', token: this.token });
    const m = await welcome;
    if (m.type !== 'welcome') throw new Error(`hello refused: ${JSON.stringify(m)}`);
    this.userId = m.user_id;
  }

  wait(match: (m: ServerMessage) => boolean, ms = 15_000): Promise<ServerMessage> {
    return new Promise((ok, fail) => {
      const t = setTimeout(() => fail(new Error('timed out waiting for a frame')), ms);
      this.waiters.push({ match, ok: (m) => (clearTimeout(t), ok(m)) });
    });
  }

  send(m: unknown) {
    if (this.ws.readyState === WebSocket.OPEN) this.ws.send(JSON.stringify(m));
  }

  async joinSocket(roomId: string) {
    const got = this.wait((m) => (m.type === 'room' && m.room.room_id === roomId) || m.type === 'error');
    this.send({ type: 'join', room_id: roomId });
    const m = await got;
    if (m.type !== 'room') throw new Error(`join refused: ${JSON.stringify(m)}`);
  }
}

let setup: SetupMsg;
let pairs: [Player, Player][] = [];
let window = { from: Infinity, to: Infinity };
let stopping = false;
const pending = new Map<string, number>();
const latencies: number[] = [];
/** BENCH_TRACE=1: the measured answers' instants, to line up with the server's stages (realtime-trace.ts). */
const tracing = process.env.BENCH_TRACE === '1';
const traced: [string, number, number][] = [];
const errors: Record<string, number> = {};
let sent = 0;
let roomsFinished = 0;

const key = (room: string, round: number, userId: number) => `${room}|${round}|${userId}`;

/** Sends one answer now and remembers when, for the partner's `answered`. */
function answer(p: Player, room: string, round: number, questionId: number, option: string) {
  if (stopping || Date.now() >= window.to) return;
  const now = Date.now();
  p.lastAnswer = now;
  if (now >= window.from) {
    pending.set(key(room, round, p.userId), performance.now());
    sent++;
  }
  p.send({ type: 'answer', room_id: room, round, question_id: questionId, answer: option });
}

function onFrame(p: Player, m: ServerMessage) {
  if (m.type === 'answered' && m.user_id === p.partner.userId) {
    const k = key(m.room_id, m.round, m.user_id);
    const t0 = pending.get(k);
    if (t0 !== undefined) {
      const t1 = performance.now();
      latencies.push(t1 - t0);
      if (tracing) traced.push([k, performance.timeOrigin + t0, performance.timeOrigin + t1]);
      pending.delete(k);
    }
  } else if (m.type === 'error') {
    errors[m.code] = (errors[m.code] ?? 0) + 1;
  } else if (m.type === 'round_open' && m.round.room_id === p.room) {
    const r = m.round;
    const opens = Date.parse(r.opens_at);
    const at = p.lastAnswer ? Math.max(opens + 1, p.lastAnswer + 1000) : opens + 1 + Math.random() * 1000;
    const option = r.question.options[0]?.id ?? 'a';
    setTimeout(() => answer(p, r.room_id, r.round, r.question.id, option), Math.max(0, at - Date.now()));
  } else if (m.type === 'result' && m.result.room_id === p.room && p.isA) {
    roomsFinished++;
    if (!stopping) void newRoom(p, p.partner, true).catch(countError);
  }
}

function countError(e: unknown) {
  const code = `load: ${(e as Error).message.slice(0, 80)}`;
  errors[code] = (errors[code] ?? 0) + 1;
}

/** A friend room for the pair: A creates, B joins by code, both subscribe; A starts it when asked. */
async function newRoom(a: Player, b: Player, start: boolean) {
  const room = await post<{ room_id: string; room_code: string }>(
    a.http,
    'create_room',
    { room_type: 'friend', category: setup.category, no_of_que: setup.noOfQue, entry_fee: 0 },
    a.token,
  );
  await post(b.http, 'join_room', { room_code: room.room_code }, b.token);
  a.room = b.room = room.room_id;
  await Promise.all([a.joinSocket(room.room_id), b.joinSocket(room.room_id)]);
  if (start) await post(a.http, 'start_room', { room_id: room.room_id }, a.token);
}

/** Relay mode: each player answers on its own 1 s schedule with a round counter of its own. */
function relayLoop(p: Player, first: number) {
  let round = 0;
  const tick = (at: number) => {
    setTimeout(
      () => {
        if (stopping || Date.now() >= window.to) return;
        answer(p, p.room, ++round, 1000 + round, 'a');
        tick(at + 1000);
      },
      Math.max(0, at - Date.now()),
    );
  };
  tick(first);
}

async function onSetup(m: SetupMsg) {
  setup = m;
  pairs = m.pairs.map((s) => {
    const a = new Player(s.a, m.http[0], true);
    const b = new Player(s.b, m.http[1], false);
    a.partner = b;
    b.partner = a;
    a.onMessage = (x) => onFrame(a, x);
    b.onMessage = (x) => onFrame(b, x);
    return [a, b];
  });
  await pool(pairs, SETUP_CONCURRENCY, async ([a, b]) => {
    await Promise.all([a.connect(m.ws[0]), b.connect(m.ws[1])]);
    if (m.mode === 'server') {
      await newRoom(a, b, false);
    } else {
      a.room = b.room = crypto.randomUUID();
      await Promise.all([a.joinSocket(a.room), b.joinSocket(b.room)]);
    }
  });
  process.send!({ ev: 'ready' });
}

async function onGo(m: GoMsg) {
  window = { from: m.from, to: m.to };
  if (setup.mode === 'server') {
    // Start every room over the first second (start_room; round 1 opens after the countdown).
    await pool(pairs, SETUP_CONCURRENCY, async ([a]) => {
      await post(a.http, 'start_room', { room_id: a.room }, a.token).catch(countError);
    });
  } else {
    const t = Date.now();
    for (const [a, b] of pairs) {
      relayLoop(a, t + Math.random() * 1000);
      relayLoop(b, t + Math.random() * 1000);
    }
  }
  // Let the last answers arrive, then report.
  await new Promise((r) => setTimeout(r, Math.max(0, m.to - Date.now()) + 2000));
  stopping = true;
  const done: DoneMsg = { ev: 'done', latencies, sent, lost: pending.size, roomsFinished, errors };
  if (tracing) done.trace = traced;
  process.send!(done, () => {
    for (const [a, b] of pairs) {
      a.ws.terminate();
      b.ws.terminate();
    }
    process.exit(0);
  });
}

process.on('message', (m: SetupMsg | GoMsg) => {
  const run = m.cmd === 'setup' ? onSetup(m) : onGo(m);
  run.catch((e: unknown) => {
    console.error(`load process ${process.pid}:`, e);
    process.exit(1);
  });
});
process.on('disconnect', () => process.exit(0));
