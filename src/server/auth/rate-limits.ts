import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import { AppError } from '../http/errors';

/**
 * Request budgets. Every /api call spends from its IP's budget; auth actions also spend from
 * tighter per-IP and per-account (e-mail or phone number) budgets, so a guesser is slowed
 * whichever it varies.
 */
export class RateLimits {
  private readonly perIp: RateLimiterMemory;
  private readonly authIp: RateLimiterMemory;
  private readonly authAccount = new RateLimiterMemory({ keyPrefix: 'auth-acct', points: 10, duration: 600 });
  private readonly sendIp: RateLimiterMemory;
  private readonly sendTarget = new RateLimiterMemory({ keyPrefix: 'send-to', points: 5, duration: 3600 });
  /** Wrong exam keys: 10 per player and exam in 10 minutes (a key is short; guessing must be slow). */
  private readonly examKeys = new RateLimiterMemory({ keyPrefix: 'exam-key', points: 10, duration: 600 });

  /**
   * Per-IP budgets are configurable (many players may share one address behind a NAT); the
   * per-account ones are fixed: 10 sign-in tries per 10 minutes, 5 codes an hour.
   */
  constructor(o: { requestsPerMinute: number; authPerIp: number; sendsPerIp: number }) {
    this.perIp = new RateLimiterMemory({ keyPrefix: 'ip', points: o.requestsPerMinute, duration: 60 });
    this.authIp = new RateLimiterMemory({ keyPrefix: 'auth-ip', points: o.authPerIp, duration: 600 });
    this.sendIp = new RateLimiterMemory({ keyPrefix: 'send-ip', points: o.sendsPerIp, duration: 3600 });
  }

  /** Spends one request of an IP's general budget. */
  async request(ip: string): Promise<void> {
    await spend(this.perIp, ip);
  }

  /** Spends from the auth budgets: `account` is the e-mail or number tried, if any. */
  async auth(kind: 'auth' | 'otp', ip: string, account?: string): Promise<void> {
    if (kind === 'otp') {
      await spend(this.sendIp, ip);
      if (account) await spend(this.sendTarget, account);
      return;
    }
    await spend(this.authIp, ip);
    if (account) await spend(this.authAccount, account);
  }

  /** Refuses a player who has used up their wrong exam keys for the exam. */
  async examKeyAllowed(userId: number, examId: number): Promise<void> {
    const used = await this.examKeys.get(`${userId}:${examId}`);
    if (used && used.remainingPoints <= 0) throw new AppError('rate_limited');
  }

  /** Counts a wrong exam key. */
  async examKeyWrong(userId: number, examId: number): Promise<void> {
    await this.examKeys.penalty(`${userId}:${examId}`, 1);
  }
}

async function spend(limiter: RateLimiterMemory, key: string): Promise<void> {
  try {
    await limiter.consume(key);
  } catch (e) {
    if (e instanceof RateLimiterRes) throw new AppError('rate_limited');
    throw e;
  }
}
