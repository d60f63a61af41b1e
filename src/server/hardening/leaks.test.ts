import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Comprehension, PlaySession } from '../../core/contract';
import { sql } from '../db/client';
import { seedModeFile } from '../db/seed/seed-modes';
import { call } from '../test-support/client';
import { createPlayer, type Player } from '../test-support/factories';
import { buildTestApp, type TestApp } from '../test-support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
  await seedModeFile(t.db, 1, {
    language: 'en',
    mode: 'fun_n_learn',
    categories: [
      {
        slug: 'fnl-premium',
        name: 'Paid reads',
        image: '',
        premium_price: 500,
        subcategories: [
          {
            slug: 'paid-sub',
            name: 'Paid',
            image: '',
            texts: [
              {
                slug: 'secret-text',
                title: 'Paid text',
                detail: 'THE PAID TEXT BODY',
                questions: [{ type: 'mcq', question: 'Q?', options: ['a', 'b'], answer: 0, explanation: '.' }],
              },
            ],
          },
        ],
      },
    ],
  });
});
afterAll(() => t.close());

async function ok<T>(p: Player, action: string, fields: Record<string, unknown>): Promise<T> {
  const res = await call<T>(t.app, action, fields, { token: p.token });
  expect(res.status, `${action} ${JSON.stringify(res.body)}`).toBe(200);
  return res.body.data;
}

describe('content a player has not unlocked', () => {
  it('get_fun_n_learn does not hand out the text of a locked premium category', async () => {
    const p = await createPlayer(t.app);
    const cat = (await t.db.one<{ id: number }>(sql`SELECT id FROM categories WHERE slug = 'fnl-premium'`))!.id;
    const texts = await call<Comprehension[]>(
      t.app,
      'get_fun_n_learn',
      { type: 'category', type_id: cat },
      { token: p.token },
    );
    // Opening the questions is refused (premium_locked), but the listing ships the paid text itself.
    const leaked = texts.status === 200 ? texts.body.data.filter((x) => x.detail.includes('PAID TEXT')) : [];
    expect(leaked, 'paid text body in the listing').toEqual([]);
  });

  it('a self challenge does not draw questions from a disabled subcategory', async () => {
    const p = await createPlayer(t.app);
    const off = (await t.db.one<{
      id: number;
    }>(sql`SELECT s.id FROM subcategories s JOIN categories c ON c.id = s.category_id
      WHERE c.language_id = 1 AND c.type = 1 AND c.slug = 'science' AND s.slug = 'life-science'`))!.id;
    await t.db.run(sql`UPDATE subcategories SET status = 0 WHERE id = ${off}`);
    try {
      const seen = new Set<number>();
      for (let i = 0; i < 4; i++) {
        const s = await ok<PlaySession>(p, 'get_questions_for_self_challenge', {
          category_slug: 'science',
          limit: 50,
          minutes: 5,
        });
        s.questions.forEach((q) => seen.add(q.id));
      }
      const fromDisabled = await t.db.rows(sql`SELECT id FROM questions WHERE subcategory_id = ${off}
        AND id = ANY(${`{${[...seen].join(',')}}`}::integer[])`);
      expect(fromDisabled.length, 'questions of a disabled subcategory served').toBe(0);
    } finally {
      await t.db.run(sql`UPDATE subcategories SET status = 1 WHERE id = ${off}`);
    }
  });

  it('true/false does not draw from disabled subcategories either', async () => {
    const p = await createPlayer(t.app);
    await t.db.run(
      sql`UPDATE subcategories SET status = 0 WHERE category_id IN (SELECT id FROM categories WHERE language_id = 1 AND type = 1)`,
    );
    try {
      const tf = await call<PlaySession>(t.app, 'get_questions_by_type', { type: 2 }, { token: p.token });
      expect(tf.status, 'every quiz-zone subcategory is off: nothing to draw').toBe(404);
    } finally {
      await t.db.run(
        sql`UPDATE subcategories SET status = 1 WHERE category_id IN (SELECT id FROM categories WHERE language_id = 1 AND type = 1)`,
      );
    }
  });

  it('a fun-and-learn text of a disabled subcategory cannot be opened', async () => {
    const p = await createPlayer(t.app);
    const text = (await t.db.one<{
      id: number;
      sub: number;
    }>(sql`SELECT t.id, t.subcategory_id AS sub FROM comprehensions t
      JOIN categories c ON c.id = t.category_id WHERE c.slug = 'nature-reads' AND c.language_id = 1 ORDER BY t.id LIMIT 1`))!;
    await t.db.run(sql`UPDATE subcategories SET status = 0 WHERE id = ${text.sub}`);
    try {
      const r = await call(t.app, 'get_fun_n_learn_questions', { fun_n_learn_id: text.id }, { token: p.token });
      expect(r.status).toBe(404);
    } finally {
      await t.db.run(sql`UPDATE subcategories SET status = 1 WHERE id = ${text.sub}`);
    }
  });
});
