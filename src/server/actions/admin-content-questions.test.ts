import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminQuestion, AdminQuestionDetail, PlaySession } from '../../core/contract';
import { sql } from '../db/client';
import {
  as,
  auditCount,
  auditRows,
  consoleCategory,
  consoleUsers,
  expectAdminOnly,
  expectBadField,
  languageId,
  mp3Bytes,
  pngBytes,
  upload,
} from '../test-support/admin-content';
import { elapse, sessionKey } from '../test-support/answer-key';
import { call } from '../test-support/client';
import type { Player } from '../test-support/factories';
import { buildTestApp, type TestApp } from '../test-support/test-app';

let t: TestApp;
let admin: Player;
let player: Player;
let en: number;
let ar: number;
let quiz: Awaited<ReturnType<typeof consoleCategory>>;
let words: Awaited<ReturnType<typeof consoleCategory>>;
let audio: Awaited<ReturnType<typeof consoleCategory>>;
beforeAll(async () => {
  t = await buildTestApp();
  ({ admin, player } = await consoleUsers(t));
  en = await languageId(t.db, 'en');
  ar = await languageId(t.db, 'ar');
  quiz = await consoleCategory(t, admin, { language_id: en, type: 'quiz_zone', name: 'Console quiz' });
  words = await consoleCategory(t, admin, { language_id: en, type: 'guess_the_word', name: 'Console words' });
  audio = await consoleCategory(t, admin, { language_id: en, type: 'audio', name: 'Console audio' });
});
afterAll(() => t.close());

const save = (fields: Record<string, unknown>, o = {}) =>
  as<AdminQuestionDetail>(t, admin, 'admin_save_question', fields, o);
const mcq = () => ({
  category_id: quiz.id,
  subcategory_id: quiz.sub.id,
  type: 'mcq',
  question: 'Which planet is red?',
  option_a: 'Venus',
  option_b: 'Mars',
  option_c: 'Jupiter',
  answer: 'b',
  explanation: 'Iron oxide.',
  level: 1,
});
const count = async (q: ReturnType<typeof sql>) => (await t.db.one<{ n: number }>(q))!.n;
const questionCount = () => count(sql`SELECT count(*)::int AS n FROM questions`);
const mediaCount = () => count(sql`SELECT count(*)::int AS n FROM media`);

describe('questions in the console', () => {
  it('is for admins only', async () => {
    const n = await questionCount();
    for (const a of ['admin_get_questions', 'admin_get_question', 'admin_save_question', 'admin_delete_question'])
      await expectAdminOnly(t, player, a, { id: 1, ...mcq() });
    expect(await questionCount()).toBe(n);
    expect((await t.db.one<{ status: number }>(sql`SELECT status FROM questions WHERE id = 1`))!.status).toBe(1);
  });

  it('keeps the question banks of contests and exams: their questions made here, listed for the event pickers', async () => {
    const bank = await consoleCategory(t, admin, { language_id: en, type: 'contest', name: 'Console contest bank' });
    const { subcategory_id: _sub, ...plain } = mcq();
    const made = await save({ ...plain, category_id: bank.id, question: 'Contest-only: which planet is red?' });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    expect(made.body.data).toMatchObject({ category_type: 8, subcategory_id: null });
    // Exams and contests ask multiple-choice and true/false questions only.
    const seq = await save({
      category_id: bank.id,
      type: 'sequence',
      question: 'Order them',
      option_a: 'a',
      option_b: 'b',
      option_c: 'c',
      answer: '',
    });
    expectBadField(seq, 'type');
    const picker = await as<AdminQuestion[]>(t, admin, 'admin_get_questions', {
      category_type: 'contest',
      language_id: en,
      search: 'Contest-only',
    });
    expect(picker.body.data.map((q) => q.id)).toEqual([made.body.data.id]);
    const notQuiz = await as<AdminQuestion[]>(t, admin, 'admin_get_questions', {
      category_type: 'quiz_zone',
      search: 'Contest-only',
    });
    expect(notQuiz.body.total).toBe(0);
    // Not among the quiz questions a daily-quiz picker searches; listed by its own category.
    const unfiltered = await as<AdminQuestion[]>(t, admin, 'admin_get_questions', { search: 'Contest-only' });
    expect(unfiltered.body.total).toBe(0);
    const byCategory = await as<AdminQuestion[]>(t, admin, 'admin_get_questions', {
      category_id: bank.id,
      search: 'Contest-only',
    });
    expect(byCategory.body.total).toBe(1);
    // A contest made by the console takes it.
    const start = new Date(Date.now() + 3_600_000);
    const end = new Date(Date.now() + 7_200_000);
    const local = (d: Date) => d.toISOString().slice(0, 16);
    const contest = await as(t, admin, 'admin_save_contest', {
      name: 'Bank test',
      language_id: en,
      start_date: local(start),
      end_date: local(end),
      timezone: 'UTC',
      entry_fee: 0,
      prizes: JSON.stringify([10]),
      questions: String(made.body.data.id),
    });
    expect(contest.status, JSON.stringify(contest.body)).toBe(200);
  });

  it('saves a multiple-choice question the importer’s way, audited, and a player is served it', async () => {
    const res = await save(mcq());
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const q = res.body.data;
    expect(q).toMatchObject({
      type: 'mcq',
      language_id: en,
      category_id: quiz.id,
      subcategory_id: quiz.sub.id,
      options: [
        { id: 'a', text: 'Venus' },
        { id: 'b', text: 'Mars' },
        { id: 'c', text: 'Jupiter' },
      ],
      answer: 'b',
      status: 1,
      open_reports: 0,
    });
    expect(q.fields).toMatchObject({ option_b: 'Mars', answer: 'b', level: '1' });
    const [row] = await auditRows(t.db, 'admin_save_question', `question:${q.id}`);
    expect(row).toMatchObject({ before: null, after: { id: q.id, answer: 'b' } });
    const s = await call<PlaySession>(
      t.app,
      'get_questions_by_level',
      { category: quiz.slug, subcategory: quiz.sub.slug, level: 1, language_id: en },
      { token: player.token },
    );
    expect(s.status, JSON.stringify(s.body)).toBe(200);
    // The key stays on the server (the session is sealed) and is the one just saved.
    expect(s.body.data.questions.map((x) => [x.id, x.answer])).toEqual([[q.id, undefined]]);
    expect(await sessionKey(t.db, s.body.data.session_id)).toEqual({ [q.id]: 'b' });
    await elapse(t.db, s.body.data.session_id, 2000);
    const graded = await call<{ correct: number }>(
      t.app,
      'submit_quiz_answers',
      { session_id: s.body.data.session_id, answers: JSON.stringify([{ question_id: q.id, answer: 'b' }]) },
      { token: player.token },
    );
    expect(graded.body.data).toMatchObject({ correct: 1 });
  });

  it('checks the options and answer per type with the importer’s rules (400 at the cell)', async () => {
    const n = await questionCount();
    expectBadField(await save({ ...mcq(), option_b: '', option_c: '' }), 'options');
    expectBadField(await save({ ...mcq(), option_c: '', option_d: 'Gap' }), 'option_c');
    expectBadField(await save({ ...mcq(), answer: 'z' }), 'answer');
    expectBadField(await save({ ...mcq(), option_c: 'mars' }), 'option_c');
    expectBadField(await save({ ...mcq(), type: 'multi_select', answer: 'a,a' }), 'answer');
    expectBadField(await save({ ...mcq(), type: 'sequence', answer: 'a,b' }), 'answer');
    expectBadField(await save({ ...mcq(), type: 'match', answer: '' }), 'match_a');
    expectBadField(await save({ ...mcq(), match_a: 'x' }), 'match_a');
    expectBadField(await save({ ...mcq(), question: '' }), 'question');
    expectBadField(await save({ ...mcq(), question: 'q'.repeat(2001) }), 'question');
    expectBadField(await save({ ...mcq(), question: 'Bad \u0001 byte' }), 'question');
    expectBadField(await save({ ...mcq(), question: 'Nul \u0000 byte' }), 'question');
    expectBadField(await save({ ...mcq(), type: 'essay' }), 'type');
    expectBadField(await save({ ...mcq(), level: 0 }), 'level');
    expectBadField(await save({ ...mcq(), marks: 101 }), 'marks');
    expectBadField(await save({ ...mcq(), latex: 'perhaps' }), 'latex');
    expectBadField(await save({ ...mcq(), image: 'javascript:alert(1)' }), 'image');
    expectBadField(await save({ ...mcq(), audio: '/../../etc/passwd' }), 'audio');
    expect(await questionCount()).toBe(n);
  });

  it('places a question only where its mode can play it', async () => {
    const n = await questionCount();
    expectBadField(
      await save({ ...mcq(), type: 'word', option_a: '', option_b: '', option_c: '', answer: 'Mars' }),
      'type',
    );
    expectBadField(await save({ ...mcq(), category_id: words.id, subcategory_id: words.sub.id }), 'type');
    const word = { category_id: words.id, type: 'word', question: 'Red planet', answer: 'Mars' };
    expectBadField(await save(word), 'subcategory_id');
    expectBadField(await save({ ...mcq(), category_id: audio.id, subcategory_id: audio.sub.id }), 'audio');
    expectBadField(await save({ ...mcq(), subcategory_id: words.sub.id }), 'subcategory_id');
    expectBadField(await save({ ...mcq(), language_id: ar }), 'category_id');
    expectBadField(await save({ ...mcq(), category_id: undefined }), 'category_id');
    const text = (await t.db.one<{ id: number; category_id: number }>(sql`SELECT id, category_id FROM comprehensions
      WHERE language_id = ${en} LIMIT 1`))!;
    expectBadField(await save({ ...mcq(), category_id: text.category_id, subcategory_id: 0 }), 'comprehension_id');
    expectBadField(await save({ ...mcq(), comprehension_id: text.id }), 'category_id');
    expect(await questionCount()).toBe(n);
  });

  it('answers 404 for a missing question, category, subcategory or text', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ ...mcq(), id: 999999 }, 'id'],
      [{ ...mcq(), category_id: 999999 }, 'category_id'],
      [{ ...mcq(), subcategory_id: 999999 }, 'subcategory_id'],
      [{ ...mcq(), comprehension_id: 999999 }, 'comprehension_id'],
    ];
    for (const [fields, field] of cases) {
      const res = await save(fields);
      expect(res.status, field).toBe(404);
      expect(res.body.field).toBe(field);
    }
    for (const a of ['admin_get_question', 'admin_delete_question']) {
      expect((await as(t, admin, a, { id: 999999 })).status).toBe(404);
    }
  });

  it('stores an uploaded image (re-encoded, its shape kept) and audio checked by its bytes', async () => {
    const res = await save(
      { ...mcq(), question: 'Which planet is pictured?', category_id: audio.id, subcategory_id: audio.sub.id },
      {
        files: {
          ...upload('image_file', 'mars.png', 'image/png', await pngBytes(1600, 400)),
          ...upload('audio_file', 'clip.bin', 'application/octet-stream', mp3Bytes()),
        },
      },
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.image).toMatch(/^\/media\/[0-9a-f-]{36}\.webp$/);
    expect(res.body.data.audio).toMatch(/^\/media\/[0-9a-f-]{36}\.mp3$/);
    const img = await t.app.inject({ method: 'GET', url: res.body.data.image });
    const { default: sharp } = await import('sharp');
    expect(await sharp(img.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 1024, height: 256 });
    const snd = await t.app.inject({ method: 'GET', url: res.body.data.audio });
    expect(snd.statusCode).toBe(200);
    expect(snd.headers['content-type']).toBe('audio/mpeg');
    expect(Buffer.compare(snd.rawPayload, mp3Bytes())).toBe(0);
  });

  it('refuses hostile uploads (not audio, not an image, over the cap) with 4xx, writing nothing', async () => {
    const before = {
      q: await questionCount(),
      m: await mediaCount(),
      a: await auditCount(t.db, 'admin_save_question'),
    };
    const where = { ...mcq(), category_id: audio.id, subcategory_id: audio.sub.id, question: 'Hostile upload' };
    const png = await pngBytes();
    const notAudio = await save(where, { files: upload('audio_file', 'x.mp3', 'audio/mpeg', png) });
    expectBadField(notAudio, 'audio_file', 'audio_invalid');
    const script = Buffer.from('#!/bin/sh\nrm -rf /\n'.repeat(10));
    expectBadField(
      await save(where, { files: upload('audio_file', 'x.ogg', 'audio/ogg', script) }),
      'audio_file',
      'audio_invalid',
    );
    const fakeImage = await save(where, {
      files: {
        ...upload('audio_file', 'a.mp3', 'audio/mpeg', mp3Bytes()),
        ...upload('image_file', 'x.png', 'image/png', script),
      },
    });
    expectBadField(fakeImage, 'image_file', 'image_invalid');
    const huge = await save(where, {
      files: upload('audio_file', 'x.mp3', 'audio/mpeg', mp3Bytes(8 * 1024 * 1024 + 1)),
    });
    expect(huge.status).toBe(413);
    expect(huge.body).toMatchObject({ code: 'payload_too_large', field: 'audio_file' });
    // A good audio file with a question the rules refuse: its upload is rolled back with it.
    const refused = await save(
      { ...where, answer: 'z' },
      { files: upload('audio_file', 'a.mp3', 'audio/mpeg', mp3Bytes()) },
    );
    expectBadField(refused, 'answer');
    expect({
      q: await questionCount(),
      m: await mediaCount(),
      a: await auditCount(t.db, 'admin_save_question'),
    }).toEqual(before);
  });

  it('updates only the cells sent, keeping the rest, audited before and after', async () => {
    const q = (await save({ ...mcq(), question: 'Edit me' })).body.data;
    const res = await save({ id: q.id, level: 2, option_c: 'Saturn', answer: 'c' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({ question: 'Edit me', level: 2, answer: 'c', explanation: 'Iron oxide.' });
    expect(res.body.data.options[2]).toEqual({ id: 'c', text: 'Saturn' });
    const rows = await auditRows(t.db, 'admin_save_question', `question:${q.id}`);
    expect(rows[1]).toMatchObject({ before: { level: 1, answer: 'b' }, after: { level: 2, answer: 'c' } });
    const moved = await save({ id: q.id, subcategory_id: 0 });
    expect(moved.body.data.subcategory_id).toBeNull();
  });

  it('lists questions by filters, text search, sort and page; one question with its open reports', async () => {
    const a = (await save({ ...mcq(), question: 'Findable zebra question', level: 3 })).body.data;
    const b = (
      await save({
        ...mcq(),
        question: 'Another zebra question',
        type: 'true_false',
        option_a: '',
        option_b: '',
        option_c: '',
        answer: 'true',
      })
    ).body.data;
    expect(b).toMatchObject({
      options: [
        { id: 'a', text: 'True' },
        { id: 'b', text: 'False' },
      ],
      answer: 'a',
    });
    const list = (f: Record<string, unknown>) => as<AdminQuestion[]>(t, admin, 'admin_get_questions', f);
    const found = await list({ search: 'zebra', sort: 'id', order: 'asc' });
    expect(found.body.data.map((q) => q.id)).toEqual([a.id, b.id]);
    expect(found.body.total).toBe(2);
    expect((await list({ search: 'zebra', type: 'true_false' })).body.data.map((q) => q.id)).toEqual([b.id]);
    expect((await list({ search: 'zebra', level: 3 })).body.data.map((q) => q.id)).toEqual([a.id]);
    expect((await list({ search: String(a.id), category_id: quiz.id })).body.data.map((q) => q.id)).toContain(a.id);
    const paged = await list({ category_id: quiz.id, limit: 1, offset: 1, sort: 'id', order: 'asc' });
    expect(paged.body.data).toHaveLength(1);
    expect(paged.body.total).toBeGreaterThan(2);
    expect((await list({ search: 'zebra_question' })).body.total).toBe(0); // _ taken literally
    expectBadField(await list({ sort: 'question; drop table questions' }), 'sort');
    expectBadField(await list({ limit: 1000 }), 'limit');
    await call(t.app, 'report_question', { question_id: a.id, message: 'Wrong answer' }, { token: player.token });
    const one = await as<AdminQuestionDetail>(t, admin, 'admin_get_question', { id: a.id });
    expect(one.body.data).toMatchObject({
      id: a.id,
      answer: 'b',
      open_reports: 1,
      fields: { answer: 'b', level: '3' },
    });
  });

  it('deletes softly: status 0, no longer served, its reports still there', async () => {
    const c = await consoleCategory(t, admin, { language_id: en, type: 1, name: 'Soft delete' });
    const q = (await save({ ...mcq(), category_id: c.id, subcategory_id: c.sub.id })).body.data;
    await call(t.app, 'report_question', { question_id: q.id, message: 'Typo' }, { token: player.token });
    const res = await as<AdminQuestionDetail>(t, admin, 'admin_delete_question', { id: q.id });
    expect(res.status).toBe(200);
    expect(res.body.data.status).toBe(0);
    const [row] = await auditRows(t.db, 'admin_delete_question', `question:${q.id}`);
    expect(row).toMatchObject({ before: { status: 1 }, after: { status: 0 } });
    expect(await count(sql`SELECT count(*)::int AS n FROM question_reports WHERE question_id = ${q.id}`)).toBe(1);
    const s = await call(
      t.app,
      'get_questions_by_level',
      { category: c.slug, subcategory: c.sub.slug, level: 1, language_id: en },
      { token: player.token },
    );
    expect(s.status).toBe(404);
  });
});
