/** A push from the server (src/server/push/push.ts), as the notification shows it. */
export interface PushPayload {
  title: string;
  body: string;
  link: string;
  tag: string;
}

const FIELDS = ['title', 'body', 'link', 'tag'] as const;

/**
 * A push's payload, from Web Push (our JSON as is) or from FCM (Firebase mode: FCM wraps a data
 * message as `{ data: {...}, from, fcmMessageId, ... }`). Only string fields are taken.
 */
export function readPush(raw: unknown): Partial<PushPayload> {
  const outer = raw && typeof raw === 'object' ? (raw as Record<string, unknown>) : {};
  const inner = outer.data && typeof outer.data === 'object' ? (outer.data as Record<string, unknown>) : outer;
  const out: Partial<PushPayload> = {};
  for (const k of FIELDS) if (typeof inner[k] === 'string') out[k] = inner[k];
  return out;
}
