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
import { LRUCache } from 'lru-cache';
import { ifNoneMatchNames } from './etag';
import type { ActionContext, Handler, Services } from './context';
import { HotCache, type HotEntry } from './hot-cache';
import { HotEncodings, identityOf } from './hot-encoding';

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
  // Made for this request: sent as it is, not compressed.
  return { identity: identityOf(JSON.stringify({ error: false, data: own })), data: own };
}

/** Whether a signed-in caller may be answered otherwise than anyone (before reading who they are). */
const mayBePersonal = (action: HotRead, entry: HotEntry) =>
  action === 'get_categories' && (entry.data as Category[]).some((c) => c.is_premium);

/** A request body already validated once: its parsed input and the key of its reply. */
interface Known {
  input: Record<string, unknown>;
  key: string;
}

/** Bodies longer than this are validated each time (the hot reads' fields are a few short values). */
const MAX_KNOWN_BODY = 512;

/** The request bodies remembered at most: anyone can make bodies up, so least recently used go. */
const MAX_KNOWN = 1000;

/** What `serve` did: answered from memory, or not (the input to run the action with). */
export type Served = { served: true } | { served: false; input: Record<string, unknown> };

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
  /**
   * Request bodies seen, by action and fields as sent (before validation), with what they were
   * validated into and their reply's key: a repeated body skips the schema and the language
   * lookup. Only what passed validation with a kept key is here; dropped with the replies on every
   * change (a key can depend on the content languages), and as old at most as they may be.
   */
  readonly known: LRUCache<string, Known>;
  private readonly handlers: Record<string, Handler<never>>;
  private readonly encodings = new HotEncodings();

  constructor(o: HotReadsOptions) {
    this.handlers = o.handlers;
    const maxAgeMs = o.maxAgeMs ?? 5000;
    this.cache = new HotCache({ now: o.now, maxAgeMs });
    this.known = new LRUCache<string, Known>({ max: MAX_KNOWN, ttl: maxAgeMs, perf: { now: o.now }, ttlResolution: 0 });
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
    this.known.clear();
  }

  /**
   * Sends the reply of `action` from memory (building its entry when not kept) and answers
   * `served`, or answers the validated input when this input is not kept (the caller runs the
   * action as usual). `fields` are the body as sent; `validate` turns them into the action's
   * input or throws its 4xx, and runs only for a body not seen before. `caller` reads the bearer's
   * user, only when the answer may differ for them. (A reply is thenable: it is not what this
   * resolves with.)
   */
  async serve(
    action: HotRead,
    fields: Record<string, unknown>,
    validate: () => Record<string, unknown>,
    req: FastifyRequest,
    reply: FastifyReply,
    s: Services,
    caller: () => Promise<TokenUser | undefined>,
  ): Promise<Served> {
    const known = await this.know(action, fields, validate, s);
    if (!('key' in known)) return { served: false, input: known.input };
    const { input, key } = known;
    let entry = await this.cache.get(key, () => this.build(action, input, s));
    if (req.headers.authorization && mayBePersonal(action, entry)) {
      const user = await caller();
      if (user) entry = await ownReply(action, input, entry, user, s);
    }
    // The reply depends on Accept-Encoding (RFC 9110 §12.5.5), whichever representation goes.
    const gzip = entry.gzip && this.encodings.takesGzip(req.headers['accept-encoding']) ? entry.gzip : undefined;
    const sent = gzip ?? entry.identity;
    reply.header('vary', 'Accept-Encoding').header('etag', sent.etag);
    if (ifNoneMatchNames(req.headers['if-none-match'], sent.etag)) reply.code(304).send();
    else {
      if (gzip) reply.header('content-encoding', 'gzip');
      reply.type('application/json; charset=utf-8').send(sent.body);
    }
    return { served: true };
  }

  /** The validated input of a body and its reply's key (none: not kept), remembered for the body. */
  private async know(
    action: HotRead,
    fields: Record<string, unknown>,
    validate: () => Record<string, unknown>,
    s: Services,
  ): Promise<Known | { input: Record<string, unknown> }> {
    const body = `${action}\n${JSON.stringify(fields)}`;
    const remembered = this.known.get(body);
    if (remembered) return remembered;
    const generation = this.cache.generation;
    const input = validate();
    const key = await (KEYS[action] as KeyOf<HotRead>)(input as never, s);
    if (key === undefined) return { input };
    const known = { input: Object.freeze(input), key: `${action}\n${key}` };
    // A key worked out before a change (the languages it resolved against) is not remembered.
    if (body.length <= MAX_KNOWN_BODY && generation === this.cache.generation) this.known.set(body, known);
    return known;
  }

  private async build(action: HotRead, input: Record<string, unknown>, s: Services) {
    const ctx: ActionContext = { db: s.db, services: s, ip: '', files: {} };
    const data = await (this.handlers[action] as (i: unknown, c: ActionContext) => Promise<unknown>)(input, ctx);
    const identity = identityOf(JSON.stringify({ error: false, data }));
    // An empty list for a subcategory slug nobody has: answered, not kept (anyone can make up slugs).
    const keep = !(action === 'get_subcategory_by_maincategory' && input.subcategory_slug && isEmpty(data));
    // Compressed once per body (a body not kept is small: an empty list).
    const gzip = keep ? await this.encodings.gzipOf(identity) : undefined;
    return { entry: { identity, ...(gzip ? { gzip } : {}), data }, keep };
  }
}

const isEmpty = (data: unknown) => Array.isArray(data) && data.length === 0;
