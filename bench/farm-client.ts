// The scripted player of `npm run bench:farm`: only the public HTTP API, as fast as it answers.
import { randomBytes, randomUUID } from 'node:crypto';
import type { AnswerVerdict, Category, PlaySession, QuizResult, Subcategory, UserRecord } from '../src/core/contract';

export interface Account {
  email: string;
  token: string;
  id: number;
  referCode: string;
}

export interface Phase {
  name: string;
  /** Coins the account gained in the phase. */
  coins: number;
  ms: number;
}

interface Reply<T> {
  status: number;
  body: { error: boolean; data: T; code?: string };
}

const randomIp = () => `10.${randomBytes(3).join('.')}`;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export class FarmClient {
  /** Every answer the farm has seen: what the server sent, and earlier accounts' reviews. */
  private readonly key = new Map<number, string>();
  private levelsSeen = 0;

  constructor(
    private readonly base: string,
    private readonly paceMs: number,
  ) {}

  /** One API call from a fresh address. */
  async call<T>(action: string, fields: Record<string, unknown>, token?: string): Promise<Reply<T>> {
    const res = await fetch(`${this.base}/api/${action}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-forwarded-for': randomIp(),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: JSON.stringify(fields),
    });
    return { status: res.status, body: (await res.json()) as Reply<T>['body'] };
  }

  private async ok<T>(action: string, fields: Record<string, unknown>, token?: string): Promise<T> {
    const r = await this.call<T>(action, fields, token);
    if (r.status !== 200) throw new Error(`${action}: ${r.status} ${JSON.stringify(r.body)}`);
    return r.body.data;
  }

  /** Signs up (or up again) through the dev outbox, with a referral code and a made-up device. */
  async signUp(email: string, friendsCode?: string): Promise<Account> {
    await this.ok('auth_email_signup', { email, password: `farm-${randomUUID()}`, name: 'Farmer' });
    const out = (await (await fetch(`${this.base}/dev/outbox?to=${encodeURIComponent(email)}`)).json()) as {
      data: { code: string }[];
    };
    const proof = await this.ok<{ firebase_id: string; id_token: string }>('auth_email_verify', {
      email,
      code: out.data[0]!.code,
    });
    const user = await this.ok<UserRecord>(
      'user_signup',
      {
        firebase_id: proof.firebase_id,
        type: 'email',
        name: 'Farmer',
        email,
        friends_code: friendsCode,
        device_id: randomUUID(),
      },
      proof.id_token,
    );
    return { email, token: user.api_token!, id: user.id, referCode: user.refer_code };
  }

  async coins(a: Account): Promise<number> {
    return (await this.ok<{ coins: number }>('get_user_coin_score', {}, a.token)).coins;
  }

  /** Runs `fn` and measures what the account gained by it. */
  async phase(name: string, a: Account, fn: () => Promise<unknown>): Promise<Phase> {
    const before = name.startsWith('sign up') || name.startsWith('delete') ? 0 : await this.coins(a);
    const t = performance.now();
    await fn();
    return { name, coins: (await this.coins(a)) - before, ms: performance.now() - t };
  }

  async deleteAccount(a: Account): Promise<void> {
    await this.ok('delete_user_account', {}, a.token);
  }

  /** Plays every English quiz-zone level in order, each with the best answers the farm knows. */
  async playAllLevels(a: Account): Promise<void> {
    let levels = 0;
    for (const c of await this.ok<Category[]>('get_categories', { type: 1, language_id: 1 }, a.token)) {
      if (c.is_premium && !c.has_unlocked) continue;
      const subs = await this.ok<Subcategory[]>(
        'get_subcategory_by_maincategory',
        { type: 1, language_id: 1, category_slug: c.slug },
        a.token,
      );
      for (const s of subs) {
        levels += s.maxlevel;
        // A level the server did not count as cleared keeps the next one locked.
        for (let level = 1; level <= s.maxlevel; level++) if (!(await this.playLevel(a, c.slug, s.slug, level))) break;
      }
    }
    this.levelsSeen = Math.max(this.levelsSeen, levels);
  }

  /** Plays one level; answers whether the next one opened. */
  private async playLevel(a: Account, category: string, subcategory: string, level: number): Promise<boolean> {
    const opened = await this.call<PlaySession>(
      'get_questions_by_level',
      { category, subcategory, level, language_id: 1 },
      a.token,
    );
    if (opened.body.code === 'level_locked') return false;
    if (opened.status !== 200)
      throw new Error(`get_questions_by_level: ${opened.status} ${JSON.stringify(opened.body)}`);
    const session = opened.body.data;
    const answers = [];
    for (const q of session.questions) {
      if (this.paceMs) await sleep(this.paceMs);
      // An older server shipped the key with the question; a sealed session answers one at a time.
      if (q.answer) this.key.set(q.id, q.answer);
      const answer = this.key.get(q.id) ?? q.options[0]?.id ?? '';
      answers.push({ question_id: q.id, answer });
      if (session.sealed) {
        const verdict = await this.ok<AnswerVerdict>(
          'submit_answer',
          { session_id: session.session_id, question_id: q.id, answer },
          a.token,
        );
        this.key.set(q.id, verdict.correct_answer);
      }
    }
    const result = await this.ok<QuizResult>(
      'submit_quiz_answers',
      { session_id: session.session_id, answers: JSON.stringify(answers) },
      a.token,
    );
    for (const r of result.review) this.key.set(r.question_id, r.correct_answer);
    return result.passed;
  }

  /** What an honest player can earn on the first day: the welcome bonus and every level's first clear. */
  honestDayOne(welcome = 10, perLevel = 10): number {
    return welcome + this.levelsSeen * perLevel;
  }
}
