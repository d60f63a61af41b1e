import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { BookmarksPack, DailyQuizPack, FunAndLearnPack, PlayQuestion, PlaySession } from '../../../core/contract';
import { localDate } from '../../../core/rules/local-time';
import { addPost, clearOutbox } from '../../../offline/outbox';
import { ApiError } from '../api-client';
import { forgetPacks, offlineAnswer, packPlayOf, warmPacks } from './packs';

function q(id: number, answer = 'a'): PlayQuestion {
  return {
    id,
    question: `Q${id}`,
    question_type: 'mcq',
    options: [
      { id: 'a', text: 'A' },
      { id: 'b', text: 'B' },
    ],
    match_options: [],
    answer,
    explanation: '',
    image: '',
    audio: '',
    latex: false,
    marks: 1,
    bookmarked: false,
  };
}

const base = { version: 'v1-abcdefgh', language_id: 1, generated_at: '', media: [], seconds_per_question: 25 };
const today = localDate(new Date(), { timezone: Intl.DateTimeFormat().resolvedOptions().timeZone });

const fnl: FunAndLearnPack = {
  ...base,
  kind: 'fun-and-learn',
  categories: [{ id: 3, slug: 'nature' } as FunAndLearnPack['categories'][number]],
  subcategories: [
    { id: 31, slug: 'wild', category_slug: 'nature' } as FunAndLearnPack['subcategories'][number],
    { id: 41, slug: 'other', category_slug: 'space' } as FunAndLearnPack['subcategories'][number],
  ],
  texts: [
    {
      id: 7,
      slug: 'lions',
      title: 'Lions',
      detail: 'About lions',
      video_url: '',
      no_of_que: 2,
      best_score: 0,
      played: false,
      category: 'nature',
      subcategory: 'wild',
      category_id: 3,
      subcategory_id: 31,
      questions: [q(1), q(2, 'b')],
    },
  ],
};

const daily = (played: string[] = []): DailyQuizPack => ({
  ...base,
  kind: 'daily-quiz',
  days: [{ date: today, questions: [q(11), q(12)] }],
  played,
});

const marks: BookmarksPack = {
  ...base,
  kind: 'bookmarks',
  bookmarks: [
    { question_id: 21, type: 1, category_name: 'Sports', question: q(21), created_at: '' },
    { question_id: 22, type: 3, category_name: 'Words', question: q(22), created_at: '' },
  ],
};

/** The packs the worker would serve from its cache, or nothing (`null`: offline, nothing cached). */
function serve(packs: Record<string, unknown> | null) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      const kind = new URL(url, 'http://x').pathname.split('/').pop()!;
      if (!packs || !(kind in packs)) throw new TypeError('Failed to fetch');
      return new Response(JSON.stringify({ error: false, data: packs[kind] }), { status: 200 });
    }),
  );
}

const auth = { token: 'tok', languageId: 1 };

beforeEach(async () => {
  forgetPacks();
  await clearOutbox();
});
afterEach(() => vi.unstubAllGlobals());

describe('offline answers from the packs', () => {
  it('walks fun and learn: categories, subcategories, texts (without questions), then a play', async () => {
    serve({ 'fun-and-learn': fnl });
    expect(await offlineAnswer('get_categories', { type: 2 }, auth)).toEqual(fnl.categories);
    expect(await offlineAnswer('get_subcategory_by_maincategory', { type: 2, category_slug: 'nature' }, auth)).toEqual([
      fnl.subcategories[0],
    ]);
    const texts = (await offlineAnswer('get_fun_n_learn', { type: 'subcategory', type_id: 31 }, auth)) as object[];
    expect(texts).toHaveLength(1);
    expect(texts[0]).not.toHaveProperty('questions');
    const s = (await offlineAnswer('get_fun_n_learn_questions', { fun_n_learn_id: 7 }, auth)) as PlaySession;
    expect(s).toMatchObject({ mode: 'fun_n_learn', category: 'nature', subcategory: 'wild', level: 1, lifelines: [] });
    expect(s.questions.map((x) => x.id)).toEqual([1, 2]);
    expect(s.comprehension?.title).toBe('Lions');
    // What the server needs to grade it against this version.
    expect(packPlayOf(s.session_id)).toEqual({
      kind: 'fun-and-learn',
      language_id: '1',
      version: 'v1-abcdefgh',
      fun_n_learn_id: '7',
    });
  });

  it('answers nothing for other modes, and a text not in the pack is not found', async () => {
    serve({ 'fun-and-learn': fnl });
    expect(await offlineAnswer('get_categories', { type: 1 }, auth)).toBeUndefined();
    expect(await offlineAnswer('get_questions_by_level', {}, auth)).toBeUndefined();
    await expect(offlineAnswer('get_fun_n_learn_questions', { fun_n_learn_id: 99 }, auth)).rejects.toMatchObject({
      code: 'not_found',
    });
  });

  it('answers nothing when no pack was ever cached', async () => {
    serve(null);
    expect(await offlineAnswer('get_daily_quiz_status', {}, auth)).toBeUndefined();
    expect(await offlineAnswer('get_bookmark', {}, auth)).toBeUndefined();
  });

  it("opens today's daily quiz once: played when a play of today waits in the outbox", async () => {
    serve({ 'daily-quiz': daily() });
    expect(await offlineAnswer('get_daily_quiz_status', {}, auth)).toMatchObject({ date: today, played: false });
    const s = (await offlineAnswer('get_daily_quiz', {}, auth)) as PlaySession;
    expect(s).toMatchObject({ mode: 'daily_quiz', daily_date: today, rewards: true });
    expect(packPlayOf(s.session_id)).toMatchObject({ kind: 'daily-quiz', date: today });
    await addPost({
      id: 'post-00000001',
      action: 'submit_pack_play',
      fields: packPlayOf(s.session_id)!,
      token: 'tok',
      user_id: 1,
      created_at: 1,
      attempts: 0,
      label: 'Daily quiz',
    });
    expect(await offlineAnswer('get_daily_quiz_status', {}, auth)).toMatchObject({ played: true, streak: 1 });
    const again = offlineAnswer('get_daily_quiz', {}, auth);
    await expect(again).rejects.toBeInstanceOf(ApiError);
    await expect(again).rejects.toMatchObject({ code: 'already_played' });
  });

  it('counts the streak from the days the server knew and the ones played here', async () => {
    const yesterday = new Date(Date.parse(`${today}T12:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
    serve({ 'daily-quiz': daily([yesterday]) });
    expect(await offlineAnswer('get_daily_quiz_status', {}, auth)).toMatchObject({ played: false, streak: 1 });
  });

  it('plays bookmarks, all or one mode, without coins', async () => {
    serve({ bookmarks: marks });
    expect(await offlineAnswer('get_bookmark', { type: 3 }, auth)).toEqual([marks.bookmarks[1]]);
    const s = (await offlineAnswer('get_bookmark_questions', {}, auth)) as PlaySession;
    expect(s).toMatchObject({ mode: 'bookmark', rewards: false });
    expect(s.questions.map((x) => x.id)).toEqual([21, 22]);
    expect(packPlayOf(s.session_id)).not.toHaveProperty('type');
    const one = (await offlineAnswer('get_bookmark_questions', { type: 1 }, auth)) as PlaySession;
    expect(packPlayOf(one.session_id)).toMatchObject({ kind: 'bookmarks', type: '1' });
    await expect(offlineAnswer('get_bookmark_questions', { type: 5 }, auth)).rejects.toMatchObject({
      code: 'not_found',
    });
  });

  it('logout forgets the packs and the plays made from them', async () => {
    serve({ bookmarks: marks });
    const s = (await offlineAnswer('get_bookmark_questions', {}, auth)) as PlaySession;
    forgetPacks();
    serve(null);
    expect(packPlayOf(s.session_id)).toBeUndefined();
    expect(await offlineAnswer('get_bookmark', {}, auth)).toBeUndefined();
  });
});

describe('warmPacks on a first visit', () => {
  /** The Cache API as the page sees it: what went into which cache, under which request. */
  function cacheStorage() {
    const put: { cache: string; url: string; auth: string | null; body: Promise<string> }[] = [];
    vi.stubGlobal('caches', {
      open: async (cache: string) => ({
        put: async (req: Request, res: Response) => {
          put.push({ cache, url: req.url, auth: req.headers.get('authorization'), body: res.text() });
        },
        match: async () => undefined,
        add: async () => undefined,
      }),
    });
    vi.stubGlobal('location', { href: 'https://quiz.example/' });
    return put;
  }

  it('a page the worker does not control yet puts the three packs in the worker cache itself', async () => {
    serve({ 'fun-and-learn': fnl, 'daily-quiz': daily(), bookmarks: marks });
    const put = cacheStorage();
    vi.stubGlobal('navigator', { serviceWorker: { controller: null } });
    await warmPacks(auth);
    expect(put.map((p) => [p.cache, p.url, p.auth]).sort()).toEqual([
      ['quizhub-packs', 'https://quiz.example/api/packs/bookmarks?lang=1', 'Bearer tok'],
      ['quizhub-packs', 'https://quiz.example/api/packs/daily-quiz?lang=1', 'Bearer tok'],
      ['quizhub-packs', 'https://quiz.example/api/packs/fun-and-learn?lang=1', 'Bearer tok'],
    ]);
    const bodies = await Promise.all(put.map((p) => p.body));
    expect(bodies.map((b) => (JSON.parse(b) as { data: { kind: string } }).data.kind).sort()).toEqual([
      'bookmarks',
      'daily-quiz',
      'fun-and-learn',
    ]);
  });

  it('a controlled page leaves it to the worker (its fetch went through it)', async () => {
    serve({ 'fun-and-learn': fnl, 'daily-quiz': daily(), bookmarks: marks });
    const put = cacheStorage();
    vi.stubGlobal('navigator', { serviceWorker: { controller: {} } });
    await warmPacks(auth);
    expect(put).toEqual([]);
  });
});
