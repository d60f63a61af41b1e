// Child processes and CPU readings of `npm run bench:realtime` (realtime.bench.ts).
import type { ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';

// Every child is killed when this process ends, however it ends.
const children = new Set<ChildProcess>();
export function track(c: ChildProcess) {
  children.add(c);
  c.once('exit', () => children.delete(c));
  return c;
}
export function killAll(signal: NodeJS.Signals) {
  for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill(signal);
}
process.on('exit', () => killAll('SIGKILL'));
for (const s of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
  process.on(s, () => {
    console.error(`\n${s}: stopping child processes`);
    killAll('SIGTERM');
    setTimeout(() => process.exit(130), 500).unref();
  });
}

export async function stop(c: ChildProcess) {
  if (c.exitCode !== null || c.signalCode !== null) return;
  const exited = new Promise((r) => c.once('exit', r));
  c.kill('SIGTERM');
  const t = setTimeout(() => c.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(t);
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
export const freePort = (() => {
  let p = 9700 + Math.floor(Math.random() * 200);
  return () => p++;
})();

/** CPU seconds (user + system) a process has used so far (Linux; NaN elsewhere). */
export function cpuSeconds(pid: number | undefined): number {
  try {
    const f = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(f[11]) + Number(f[12])) / 100;
  } catch {
    return NaN;
  }
}

/** CPU seconds of every process whose name matches, by pid (PostgreSQL backends, Redis). */
export function cpuByName(re: RegExp): Map<number, number> {
  const out = new Map<number, number>();
  let pids: string[] = [];
  try {
    pids = readdirSync('/proc').filter((d) => /^\d+$/.test(d));
  } catch {
    return out;
  }
  for (const pid of pids) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      if (!re.test(stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')')))) continue;
      const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      out.set(Number(pid), (Number(f[11]) + Number(f[12])) / 100);
    } catch {
      // gone meanwhile
    }
  }
  return out;
}
export const cpuDelta = (a: Map<number, number>, b: Map<number, number>) =>
  [...b].reduce((s, [pid, c]) => s + c - (a.get(pid) ?? 0), 0);

/** Busy and total jiffies of the whole machine. */
export function machineCpu(): { busy: number; total: number } {
  try {
    const f = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1).map(Number);
    const total = f.reduce((s, x) => s + x, 0);
    return { busy: total - f[3]! - (f[4] ?? 0), total };
  } catch {
    return { busy: NaN, total: NaN };
  }
}
