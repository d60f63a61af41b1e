import { randomBytes, randomUUID } from 'node:crypto';
import type { App } from '../app';

export interface CallOptions {
  token?: string;
  idempotencyKey?: string;
  /** Client IP as the server sees it (rate limits are per IP). */
  ip?: string;
  /** Body encoding: multipart (the spec's), JSON or urlencoded. */
  as?: 'multipart' | 'json' | 'urlencoded';
  files?: Record<string, { filename: string; contentType: string; data: Buffer }>;
}

export interface CallResult<T = unknown> {
  status: number;
  body: { error: boolean; data: T; code?: string; message?: string; field?: string; total?: number };
  headers: Record<string, unknown>;
}

/** A random private-range address, so that each test player has its own rate budgets. */
export function randomIp(): string {
  const b = randomBytes(3);
  return `10.${b[0]}.${b[1]}.${b[2]}`;
}

function multipart(fields: Record<string, unknown>, files: CallOptions['files'] = {}) {
  const boundary = `----quiz${randomUUID()}`;
  const chunks: Buffer[] = [];
  for (const [k, v] of Object.entries(fields)) {
    if (v === undefined) continue;
    const value = typeof v === 'string' ? v : JSON.stringify(v);
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${value}\r\n`));
  }
  for (const [k, f] of Object.entries(files)) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${k}"; filename="${f.filename}"\r\n` +
          `Content-Type: ${f.contentType}\r\n\r\n`,
      ),
      f.data,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

/** Calls `POST /api/<action>` the way a client does. */
export async function call<T = unknown>(
  app: App,
  action: string,
  fields: Record<string, unknown> = {},
  o: CallOptions = {},
): Promise<CallResult<T>> {
  const headers: Record<string, string> = {};
  if (o.token) headers.authorization = `Bearer ${o.token}`;
  if (o.idempotencyKey) headers['idempotency-key'] = o.idempotencyKey;
  let payload: string | Buffer;
  const as = o.files ? 'multipart' : (o.as ?? 'multipart');
  if (as === 'json') {
    headers['content-type'] = 'application/json';
    payload = JSON.stringify(fields);
  } else if (as === 'urlencoded') {
    headers['content-type'] = 'application/x-www-form-urlencoded';
    payload = new URLSearchParams(
      Object.entries(fields).map(([k, v]): [string, string] => [k, typeof v === 'string' ? v : JSON.stringify(v)]),
    ).toString();
  } else {
    const m = multipart(fields, o.files);
    headers['content-type'] = m.contentType;
    payload = m.payload;
  }
  const res = await app.inject({
    method: 'POST',
    url: `/api/${action}`,
    headers,
    payload,
    remoteAddress: o.ip ?? '127.0.0.1',
  });
  return { status: res.statusCode, body: res.json(), headers: res.headers };
}

/** The newest one-time code the dev outbox holds for an address or number. */
export async function outboxCode(app: App, to: string): Promise<string> {
  const res = await app.inject({ method: 'GET', url: `/dev/outbox?to=${encodeURIComponent(to)}` });
  const rows = res.json().data as { code: string }[];
  if (!rows[0]) throw new Error(`no message for ${to}`);
  return rows[0].code;
}
