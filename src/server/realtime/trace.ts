// Per-stage timestamps of battle answers, for `npm run bench:realtime` with BENCH_TRACE=1: where
// an answer's latency goes (socket → gateway → early "answered" → bus → opponent's socket; and
// the database path: worker hop → group-commit wait → transaction → reply). Off unless the
// environment names a file in REALTIME_TRACE; then each thread appends lines
// `<stage> <room>|<round>|<user> <epoch ms>` to `<file>.<pid>.<thread>` about every half second.
import { appendFile } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { threadId } from 'node:worker_threads';

const file = process.env.REALTIME_TRACE || '';
/** Whether answers are traced (hot paths test this before building a key). */
export const tracing = file !== '';

let lines: string[] = [];
if (tracing) {
  const out = `${file}.${process.pid}.${threadId}`;
  const flush = () => {
    if (lines.length === 0) return;
    const text = lines.join('\n') + '\n';
    lines = [];
    appendFile(out, text, () => {});
  };
  setInterval(flush, 500).unref();
  process.once('exit', flush);
}

/** The key of one answer: the same on every node and in the load process. */
export const answerKey = (roomId: string, round: number, userId: number) => `${roomId}|${round}|${userId}`;

/** Notes that the answer `key` reached `stage` now (epoch ms, sub-millisecond). */
export function trace(stage: string, key: string, at = performance.timeOrigin + performance.now()): void {
  if (tracing) lines.push(`${stage} ${key} ${at.toFixed(3)}`);
}

/** The current instant, epoch ms with fractions (comparable across threads and processes). */
export const traceNow = () => performance.timeOrigin + performance.now();
