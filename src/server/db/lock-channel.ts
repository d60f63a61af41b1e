import { connect, type Socket } from 'node:net';
import { z } from 'zod';

/**
 * The lock socket's protocol: one JSON line asked, one JSON line answered, then the connection
 * ends. `who` names the holder; `task` asks a server holder to run a CLI task on its open database.
 */
export const LockRequest = z.discriminatedUnion('op', [
  z.object({ op: z.literal('who') }),
  z.object({ op: z.literal('task'), task: z.string().min(1).max(64), args: z.unknown() }),
]);
export type LockRequest = z.infer<typeof LockRequest>;

/** Who holds a data dir: its process, what it is, and the CLI tasks it runs for others. */
export interface LockHolder {
  pid: number;
  role: string;
  tasks: string[];
}

const Reply = z.union([
  z.object({ ok: z.literal(true), result: z.unknown() }),
  z.object({ ok: z.literal(false), error: z.string() }),
]);

/** A request line is at most this long: a content file (10 MB) travels base64-encoded in one. */
export const MAX_LINE_BYTES = 32 * 1024 * 1024;
/** A reply (a category's export) comes from the holder, our own user's process: a looser bound. */
const MAX_REPLY_BYTES = 256 * 1024 * 1024;

/** A task the holder refused or failed: its message is for the operator. */
export class TaskFailed extends Error {}

/** Reads one line from a socket, at most `max` bytes; rejects on a longer one or an early end. */
export function readLine(socket: Socket, max: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer) => {
      const nl = chunk.indexOf(10);
      const part = nl === -1 ? chunk : chunk.subarray(0, nl);
      size += part.length;
      if (size > max) return done(new Error(`a line longer than ${max} bytes`));
      chunks.push(part);
      if (nl !== -1) done(undefined, Buffer.concat(chunks).toString('utf8'));
    };
    const onEnd = () => done(new Error('the connection closed before a whole line'));
    const done = (e?: Error, line?: string) => {
      socket.off('data', onData).off('end', onEnd).off('error', done);
      if (e) reject(e);
      else resolve(line!);
    };
    socket.on('data', onData).on('end', onEnd).on('error', done);
  });
}

/**
 * Sends one request to the holder listening at `path` and answers its reply's result. Connection
 * errors keep their `code` (ECONNREFUSED: nobody listens, the holder is gone).
 */
export async function askHolder(path: string, request: LockRequest, timeoutMs?: number): Promise<unknown> {
  const socket = connect(path);
  try {
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', resolve).once('error', reject);
    });
    if (timeoutMs) socket.setTimeout(timeoutMs, () => socket.destroy(new Error('the holder did not answer')));
    socket.write(`${JSON.stringify(request)}\n`);
    const reply = Reply.parse(JSON.parse(await readLine(socket, MAX_REPLY_BYTES)));
    if (!reply.ok) throw new TaskFailed(reply.error);
    return reply.result;
  } finally {
    socket.destroy();
  }
}
