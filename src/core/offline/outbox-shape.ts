// The outbox's names and shapes, shared by the page (src/web/lib/offline) and the service worker
// (sw/): the IndexedDB store itself is src/offline/outbox.ts. Pure data, no DOM or IndexedDB here.

/** The IndexedDB database holding the posts (also the Web Lock's name for one replay at a time). */
export const OUTBOX_DB = 'quizhub-outbox';
/** The Background Sync tag the page registers and the worker replays on. */
export const OUTBOX_SYNC_TAG = 'quizhub-outbox';
/** The Periodic Background Sync tag the worker refreshes the packs on. */
export const PACKS_SYNC_TAG = 'quizhub-packs';
/** The message the open page sends the worker to replay the outbox now (a MessagePort gets the report). */
export const FLUSH_OUTBOX = 'FLUSH_OUTBOX';
/** Page and worker tell each other of every change on this channel. */
export const OUTBOX_CHANNEL = 'quizhub-outbox';
/** Caches holding one player's data (packs and their media): dropped on logout. */
export const USER_CACHES = ['quizhub-packs', 'quizhub-pack-media'] as const;

export interface OutboxPost {
  /** Made on the device when the player finished: the Idempotency-Key of every send. */
  id: string;
  action: string;
  fields: Record<string, string>;
  /** The bearer it goes with (the player who played it). */
  token: string;
  user_id: number;
  created_at: number;
  attempts: number;
  /** What the player would call it ("Daily quiz", a text's title). */
  label: string;
  /** The last reason it did not go (network, http_503, rate_limited, unauthorized). */
  last_error?: string;
}

export interface OutboxFailure {
  id: string;
  action: string;
  label: string;
  code: string;
  message: string;
  at: number;
}

export interface OutboxApplied {
  id: string;
  action: string;
  label: string;
  data: unknown;
}

/** What a replay did; `retry` when something is left that a later try may apply. */
export interface ReplayReport {
  applied: OutboxApplied[];
  failed: OutboxFailure[];
  pending: number;
  retry: boolean;
}

/** Messages on OUTBOX_CHANNEL. */
export type OutboxMessage = { type: 'outbox-changed' } & Partial<Pick<ReplayReport, 'applied' | 'failed'>>;
