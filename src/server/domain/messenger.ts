import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';
import { sql, type Db } from '../db/client';
import { AppError } from '../errors';

export interface Message {
  channel: 'email' | 'sms';
  to: string;
  subject: string;
  body: string;
  /** The one-time code the message carries, for the dev outbox. */
  code?: string;
}

/**
 * The channels whose messages would go nowhere: e-mail with neither SMTP nor the dev outbox
 * (production's default without SMTP_URL), SMS with neither a webhook nor the dev outbox.
 */
export function undeliverableChannels(config: Config): Message['channel'][] {
  const out: Message['channel'][] = [];
  if (config.mailTransport === 'log') out.push('email');
  if (!config.SMS_WEBHOOK_URL && config.mailTransport !== 'outbox') out.push('sms');
  return out;
}

/**
 * Sends e-mail and SMS. Outside production (or with MAIL_TRANSPORT=outbox) messages go to the
 * dev outbox and the log; e-mail goes out through SMTP_URL and SMS through SMS_WEBHOOK_URL.
 */
export class Messenger {
  constructor(
    private readonly db: Db,
    private readonly config: Config,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Refuses (503 mail_unavailable) before a code is made that `channel` could not deliver. */
  assertCanSend(channel: Message['channel']): void {
    if (undeliverableChannels(this.config).includes(channel)) throw new AppError('mail_unavailable');
  }

  async send(m: Message): Promise<void> {
    if (m.channel === 'sms' && this.config.SMS_WEBHOOK_URL) {
      const res = await fetch(this.config.SMS_WEBHOOK_URL, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ to: m.to, body: m.body }),
        signal: AbortSignal.timeout(10_000),
      });
      if (!res.ok) this.log.error({ status: res.status }, 'sms webhook failed');
      return;
    }
    if (m.channel === 'email' && this.config.mailTransport === 'smtp') {
      const { createTransport } = await import('nodemailer');
      await createTransport(this.config.SMTP_URL).sendMail({
        from: this.config.MAIL_FROM,
        to: m.to,
        subject: m.subject,
        text: m.body,
      });
      return;
    }
    if (this.config.mailTransport === 'outbox') {
      await this.db.run(sql`INSERT INTO outbox (recipient, channel, code, subject, body)
        VALUES (${m.to}, ${m.channel}, ${m.code ?? ''}, ${m.subject}, ${m.body})`);
      this.log.info({ to: m.to, channel: m.channel, subject: m.subject }, 'message kept in dev outbox');
      return;
    }
    // Production without a transport: say that a message could not go out, never its code.
    this.log.warn({ channel: m.channel }, 'no transport configured; message not sent');
  }
}
