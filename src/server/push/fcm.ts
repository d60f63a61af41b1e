import type { Agent } from 'node:http';
import type { FastifyBaseLogger } from 'fastify';
import type { App, Credential } from 'firebase-admin/app';
import type { ServiceAccount } from '../config';
import { closeFirebaseApp, openFirebaseApp } from '../firebase-app';
import type { PushPayload } from './push';

/** FCM takes at most this many messages in one sendEach. */
const FCM_BATCH = 500;

/** Tokens FCM says are no longer a device's: dropped, as Web Push drops a 404/410 subscription. */
const GONE = new Set(['messaging/registration-token-not-registered', 'messaging/invalid-registration-token']);

export interface FcmResult {
  ok: boolean;
  /** The token is dead: forget it. */
  gone: boolean;
  code?: string;
}

export interface FcmSenderOptions {
  projectId: string;
  serviceAccount?: ServiceAccount;
  log: FastifyBaseLogger;
  /** Tests: the HTTPS agent FCM is reached through, and a credential that needs no Google sign-in. */
  httpAgent?: Agent;
  credential?: Credential;
}

/**
 * Firebase Cloud Messaging for the players whose app registered an FCM token (`users.fcm_id`,
 * Firebase mode): each notification goes as a data message the app's service worker shows, in
 * the player's interface language, as the Web Push ones do. firebase-admin is loaded on the first
 * send; HTTP/1.1 requests (its "legacy" transport, through the app's agent) rather than one
 * HTTP/2 session, which suits a few notifications at a time.
 */
export class FcmSender {
  private app: Promise<App> | undefined;

  constructor(private readonly opts: FcmSenderOptions) {}

  private open(): Promise<App> {
    this.app ??= openFirebaseApp(
      {
        projectId: this.opts.projectId,
        serviceAccount: this.opts.serviceAccount,
        httpAgent: this.opts.httpAgent,
        credential: this.opts.credential,
      },
      'fcm',
    );
    return this.app;
  }

  /** Sends each payload to its token; answers one result per message, in order. Never throws. */
  async send(messages: readonly { token: string; payload: PushPayload }[]): Promise<FcmResult[]> {
    if (messages.length === 0) return [];
    const out: FcmResult[] = [];
    try {
      const { getMessaging } = await import('firebase-admin/messaging');
      const messaging = getMessaging(await this.open());
      messaging.enableLegacyHttpTransport();
      for (let i = 0; i < messages.length; i += FCM_BATCH) {
        const batch = messages.slice(i, i + FCM_BATCH).map(({ token, payload }) => ({
          token,
          data: { title: payload.title, body: payload.body, link: payload.link, tag: payload.tag },
          webpush: { headers: { TTL: String(24 * 3600), Urgency: 'normal' } },
        }));
        const res = await messaging.sendEach(batch);
        for (const r of res.responses) {
          const code = r.error?.code;
          out.push({ ok: r.success, gone: code !== undefined && GONE.has(code), ...(code ? { code } : {}) });
        }
      }
    } catch (err) {
      this.opts.log.warn({ err }, 'fcm send failed');
      while (out.length < messages.length) out.push({ ok: false, gone: false, code: 'unavailable' });
    }
    return out;
  }

  async close(): Promise<void> {
    const app = await this.app?.catch(() => undefined);
    this.app = undefined;
    if (app) await closeFirebaseApp(app);
  }
}
