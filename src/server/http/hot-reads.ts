import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  ACTIONS,
  HOT_READS,
  isHotRead,
  type ActionParsed,
  type ActionSpec,
  type Category,
  type HotRead,
} from '../../core/contract';
import type { TokenUser } from '../auth/api-tokens';
import { appLanguages } from '../domain/app-languages';
import { withPlayerUnlocks } from '../domain/content';
import { pageLanguage } from '../domain/default-pages';
import { resolveLanguageId } from '../domain/languages';
import { ifNoneMatchNames } from './etag';
import type { ActionContext, Handler, Services } from './context';
import { etagOf, HotCache, type HotEntry } from './hot-cache';

type KeyOf<A extends HotRead> = (input: ActionParsed<A>, s: Services) => Promise<string | undefined>;

const language = (s: Services, asked: number | undefined) => resolveLanguageId(s.db, s.settings, asked);
/** An interface language this server ships (others are not kept: their codes come from anyone). */
const shipped = async (code: string) => ((await appLanguages()).some((l) => l.code === code) ? code : undefined);

/**
 * What each hot read's answer depends on, from its validated input: the cache key (undefined:
 * not kept, answered as any read). A content language is keyed as the one it resolves to, so
 * made-up ids share the default's entry instead of adding their own.
 */
const KEYS: { [A in HotRead]: KeyOf<A> } = {
  // `sub_type` is accepted for the reference client and changes nothing in the list.
  get_categories: async ({ type, language_id }, s) => `${type}:${await language(s, language_id)}`,
  get_subcategory_by_maincategory: async (i, s) =>
    `${i.type}:${await language(s, i.language_id)}:${i.category_slug}:${i.subcategory_slug ?? ''}`,
  get_languages: async () => '',
  get_settings: async ({ type, language }) => `${type}:${pageLanguage(language)}`,
  get_system_configurations: async () => '',
  get_web_settings: async () => '',
  get_web_home_settings: async ({ language_id }, s) => String(await language(s, language_id)),
  get_system_language_list: async () => '',
  get_translation_overrides: async ({ language }) => shipped(language),
  get_system_language_json: async ({ language }) => shipped(language),
};

/** A signed-in caller's own answer where it can differ from anyone's (premium unlocks). */
async function ownReply(
  action: HotRead,
  input: Record<string, unknown>,
  entry: HotEntry,
  user: TokenUser,
  s: Services,
): Promise<HotEntry> {
  if (action !== 'get_categories') return entry;
  const list = entry.data as Category[];
  const own = await withPlayerUnlocks(s.db, user.id, input.type as number, list);
  if (own === list) return entry;
  const body = JSON.stringify({ error: false, data: own });
  return { body, etag: etagOf(body), data: own };
}

/** Whether a signed-in caller may be answered otherwise than anyone (before reading who they are). */
const mayBePersonal = (action: HotRead, entry: HotEntry) =>
  action === 'get_categories' && (entry.data as Category[]).some((c) => c.is_premium);

export interface HotReadsOptions {
  handlers: Record<string, Handler<never>>;
  /** Milliseconds now (the app's clock). */
  now: () => number;
  maxAgeMs?: number;
}

/**
 * The public reads of operator-edited content (`HOT_READS`), answered from memory with a strong
 * ETag and 304 to a matching If-None-Match. Entries are built by the action's own handler, as an
 * anonymous caller; `clear()` runs on every content change (ContentChanges).
 */
export class HotReads {
  readonly cache: HotCache;
  private readonly handlers: Record<string, Handler<never>>;

  constructor(o: HotReadsOptions) {
    this.handlers = o.handlers;
    this.cache = new HotCache({ now: o.now, ...(o.maxAgeMs ? { maxAgeMs: o.maxAgeMs } : {}) });
    for (const action of HOT_READS) {
      const spec = ACTIONS[action] as ActionSpec;
      // Served before anything the dispatcher does for other kinds of actions: none may apply.
      if (spec.access !== 'public' || spec.mutates || spec.mode || spec.limit || spec.files)
        throw new Error(`${action} cannot be a hot read`);
    }
  }

  serves(action: string): action is HotRead {
    return isHotRead(action);
  }

  clear(): void {
    this.cache.clear();
  }

  /**
   * Sends the reply of `action` from memory (building its entry when not kept) and answers true,
   * or answers false when this input is not kept (the caller runs the action as usual). `caller`
   * reads the bearer's user, only when the answer may differ for them. (A reply is thenable: it
   * is not what this resolves with.)
   */
  async serve(
    action: HotRead,
    input: Record<string, unknown>,
    req: FastifyRequest,
    reply: FastifyReply,
    s: Services,
    caller: () => Promise<TokenUser | undefined>,
  ): Promise<boolean> {
    const key = await (KEYS[action] as KeyOf<HotRead>)(input as never, s);
    if (key === undefined) return false;
    let entry = await this.cache.get(`${action}\n${key}`, () => this.build(action, input, s));
    if (req.headers.authorization && mayBePersonal(action, entry)) {
      const user = await caller();
      if (user) entry = await ownReply(action, input, entry, user, s);
    }
    reply.header('etag', entry.etag);
    if (ifNoneMatchNames(req.headers['if-none-match'], entry.etag)) reply.code(304).send();
    else reply.type('application/json; charset=utf-8').send(entry.body);
    return true;
  }

  private async build(action: HotRead, input: Record<string, unknown>, s: Services) {
    const ctx: ActionContext = { db: s.db, services: s, ip: '', files: {} };
    const data = await (this.handlers[action] as (i: unknown, c: ActionContext) => Promise<unknown>)(input, ctx);
    const body = JSON.stringify({ error: false, data });
    // An empty list for a subcategory slug nobody has: answered, not kept (anyone can make up slugs).
    const keep = !(action === 'get_subcategory_by_maincategory' && input.subcategory_slug && isEmpty(data));
    return { entry: { body, etag: etagOf(body), data }, keep };
  }
}

const isEmpty = (data: unknown) => Array.isArray(data) && data.length === 0;
