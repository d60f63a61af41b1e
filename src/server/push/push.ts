import type { Agent } from 'node:https';
import type { FastifyBaseLogger } from 'fastify';
import webpush from 'web-push';
import { and, eq, isNull } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { sql, type Db } from '../db/client';
import { appSecrets, notifications, pushSubscriptions, users, type Row } from '../db/schema';
import { intArray } from '../db/sql-helpers';
import { appLanguageJson } from '../domain/app-languages';
import type { FcmSender } from './fcm';

/** How often each node looks for notifications to push. */
const TICK_MS = 2000;
const BATCH = 50;

/** A notification waiting to be pushed. */
type Pending = Pick<
  Row<typeof notifications>,
  'id' | 'user_id' | 'type' | 'title' | 'message' | 'link' | 'language_code'
> & { params: Record<string, string | number> };

const PENDING_FIELDS = {
  id: notifications.id,
  user_id: notifications.user_id,
  type: notifications.type,
  // As the driver parsed it (notify() stores an object of texts and numbers).
  params: sql<Pending['params']>`${notifications.params}`,
  title: notifications.title,
  message: notifications.message,
  link: notifications.link,
  language_code: notifications.language_code,
};

/** The players a push goes to, as `u`. */
const u = alias(users, 'u');

/** The player's interface language, English when unset. */
const lang = sql<string>`coalesce(nullif(${u.web_language}, ''), 'en')`;

/** What a push shows: the notification in the player's interface language. */
export interface PushPayload {
  title: string;
  body: string;
  link: string;
  tag: string;
}

function lookup(cat: Record<string, unknown>, key: string): string | undefined {
  let v: unknown = cat;
  for (const k of key.split('.')) v = (v as Record<string, unknown> | undefined)?.[k];
  return typeof v === 'string' ? v : undefined;
}

/** A message's text: with a count, the plural form the language's rules pick (as i18next does). */
function pick(cat: Record<string, unknown>, key: string, lang: string, count: unknown): string | undefined {
  if (typeof count === 'number') {
    const form = new Intl.PluralRules(lang).select(count);
    const plural = lookup(cat, `${key}_${form}`) ?? lookup(cat, `${key}_other`);
    if (plural !== undefined) return plural;
  }
  return lookup(cat, key);
}

/** Fills the placeholders; numbers written by Intl in the language, as the app does. */
function fill(s: string, params: Record<string, string | number>, lang: string): string {
  return s.replace(/\{\{(\w+)\}\}/g, (_m, k: string) => {
    const v = params[k];
    return typeof v === 'number' ? new Intl.NumberFormat(lang).format(v) : String(v ?? '');
  });
}

/** Words a notification as the app does (features/notifications), from the interface catalogue. */
export async function wordNotice(n: Pending, lang: string): Promise<PushPayload> {
  const { data: cat, language } = await appLanguageJson(lang).catch(() => appLanguageJson('en'));
  const t = (key: string, params: Record<string, string | number> = {}) =>
    fill(pick(cat, key, language, params.count) ?? '', params, language);
  let title = n.title || t('notifications.general');
  let body = n.message;
  if (n.type === 'badge') {
    const name = lookup(cat, `badges.name.${n.params.badge}`) ?? String(n.params.badge);
    title = t('notifications.badgeTitle');
    body = t('notifications.badge', { name });
  } else if (n.type === 'referral') {
    title = t('notifications.referralTitle');
    body = t('notifications.referral', { count: Number(n.params.coins ?? 0) });
  } else if (n.type === 'contest_prize') {
    title = t('notifications.contest_prizeTitle');
    body = t('notifications.contest_prize', {
      contest: n.params.contest ?? '',
      rank: n.params.rank ?? '',
      count: Number(n.params.coins ?? 0),
    });
  } else if (n.type === 'payout_completed' || n.type === 'payout_rejected') {
    title = t(`notifications.${n.type}Title`);
    body = t(`notifications.${n.type}`, { count: Number(n.params.coins ?? 0) });
  }
  return { title, body, link: n.link, tag: `n${n.id}` };
}

/**
 * Web Push (VAPID): the keys are made on first start and kept in the database (every node uses
 * the same pair); a ticker on each node claims notifications not pushed yet (FOR UPDATE SKIP
 * LOCKED: each once), marks them pushed, and after the commit sends them to every subscription
 * of their player (everyone's for a broadcast). A subscription the push service says is gone
 * (404/410) is deleted. In Firebase mode with FCM (`fcm` set), a player whose app registered an
 * FCM token gets the notification through FCM instead, and a token FCM says is dead is cleared.
 */
export class PushService {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | null = null;
  /** The HTTPS agent for the push services (tests trust their local one through it). */
  agent: Agent | undefined;
  /** Firebase mode with a service account: FCM, for the players who have an FCM token. */
  fcm: FcmSender | undefined;

  private constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
    readonly publicKey: string,
    private readonly privateKey: string,
    private readonly subject: string,
  ) {}

  static async open(db: Db, log: FastifyBaseLogger, subject: string): Promise<PushService> {
    const fresh = webpush.generateVAPIDKeys();
    await db.run(sql`INSERT INTO app_secrets (name, value)
      VALUES ('vapid', ${`${fresh.publicKey}.${fresh.privateKey}`}) ON CONFLICT (name) DO NOTHING`);
    const [row] = await db.orm.select({ value: appSecrets.value }).from(appSecrets).where(eq(appSecrets.name, 'vapid'));
    const [pub, priv] = row!.value.split('.') as [string, string];
    return new PushService(db, log, pub, priv, subject);
  }

  start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => void this.tick(), TICK_MS);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    await this.running;
    await this.fcm?.close();
  }

  /** Pushes what is waiting (one batch); answers how many notifications were claimed. */
  async tick(): Promise<number> {
    if (this.running) {
      // Another tick is under way: wait for it (what it claimed is pushed when it ends).
      await this.running;
      return 0;
    }
    let claimed = 0;
    this.running = (async () => {
      try {
        const work = await this.db.tx(async (tx) => {
          const due = await tx.orm
            .select(PENDING_FIELDS)
            .from(notifications)
            .where(isNull(notifications.pushed_at))
            .orderBy(notifications.id)
            .limit(BATCH)
            .for('update', { skipLocked: true });
          if (due.length === 0) return [];
          await tx.run(sql`UPDATE notifications SET pushed_at = now()
            WHERE id = ANY(${intArray(due.map((d) => d.id))})`);
          return due;
        });
        claimed = work.length;
        for (const n of work) await this.send(n);
      } catch (err) {
        this.log.error({ err }, 'push tick failed');
      }
    })().finally(() => {
      this.running = null;
    });
    await this.running;
    return claimed;
  }

  private async send(n: Pending) {
    // The notification's players: one, or every active one for a broadcast (of one language).
    const whose = and(
      n.user_id === null ? sql`${u.status} = 1` : eq(u.id, n.user_id),
      n.language_code ? eq(u.web_language, n.language_code) : undefined,
    );
    const worded = new Map<string, Promise<PushPayload>>();
    const word = (l: string) => {
      if (!worded.has(l)) worded.set(l, wordNotice(n, l));
      return worded.get(l)!;
    };
    let [sent, failed] = [0, 0];
    if (this.fcm) {
      const targets = await this.db.orm
        .select({ user_id: u.id, fcm_id: u.fcm_id, lang })
        .from(u)
        .where(and(sql`${u.fcm_id} <> ''`, whose));
      const messages = await Promise.all(targets.map(async (t) => ({ token: t.fcm_id, payload: await word(t.lang) })));
      const results = await this.fcm.send(messages);
      for (const [i, r] of results.entries()) {
        if (r.ok) sent++;
        else failed++;
        const t = targets[i]!;
        // Cleared only if it is still the token that failed (the app may have sent a new one).
        if (r.gone)
          await this.db.run(sql`UPDATE users SET fcm_id = '' WHERE id = ${t.user_id} AND fcm_id = ${t.fcm_id}`);
      }
    }
    const ps = pushSubscriptions;
    const subs = await this.db.orm
      .select({ id: ps.id, endpoint: ps.endpoint, p256dh: ps.p256dh, auth: ps.auth, lang })
      .from(ps)
      .innerJoin(u, eq(u.id, ps.user_id))
      .where(and(whose, this.fcm ? sql`${u.fcm_id} = ''` : undefined));
    for (const s of subs) {
      const payload = await word(s.lang);
      try {
        await webpush.sendNotification(
          { endpoint: s.endpoint, keys: { p256dh: s.p256dh, auth: s.auth } },
          JSON.stringify(payload),
          {
            vapidDetails: { subject: this.subject, publicKey: this.publicKey, privateKey: this.privateKey },
            TTL: 24 * 3600,
            timeout: 10_000,
            ...(this.agent ? { agent: this.agent } : {}),
          },
        );
        sent++;
      } catch (err) {
        failed++;
        const status = (err as { statusCode?: number }).statusCode;
        if (status === 404 || status === 410) {
          await this.db.run(sql`DELETE FROM push_subscriptions WHERE id = ${s.id}`);
        } else {
          this.log.warn({ err, endpoint: s.endpoint.slice(0, 60) }, 'push send failed');
        }
      }
    }
    if (sent + failed > 0)
      await this.db.run(sql`UPDATE notifications SET push_sent = push_sent + ${sent},
        push_failed = push_failed + ${failed} WHERE id = ${n.id}`);
  }
}
