import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DailyQuizPack } from '../../core/contract';
import { localDate } from '../../core/rules/local-time';
import { TestClock } from '../domain/clock';
import { createPlayer, type Player } from '../test-support/factories';
import { seedSoloFixture } from '../test-support/solo-fixture';
import { buildTestApp, type TestApp } from '../test-support/test-app';

// The pack is made at the app's clock: the test's, moved through a day instead of waited for.
const START = new Date('2030-03-10T00:00:00.000Z');
const clock = new TestClock(START);
let t: TestApp;
let p: Player;
beforeAll(async () => {
  t = await buildTestApp({}, { clock });
  await seedSoloFixture(t.db);
  p = await createPlayer(t.app);
});
afterAll(() => t.close());

const HOUR = 3_600_000;

/** Moves the test's clock to `iso`. */
function setClock(iso: string) {
  clock.advance(Date.parse(iso) - clock.now().getTime());
}

async function dailyPack(): Promise<{ pack: DailyQuizPack; etag: string }> {
  const res = await t.app.inject({
    method: 'GET',
    url: '/api/packs/daily-quiz',
    headers: { authorization: `Bearer ${p.token}` },
  });
  expect(res.statusCode, res.body).toBe(200);
  return { pack: (res.json() as { data: DailyQuizPack }).data, etag: String(res.headers.etag) };
}

describe('the daily-quiz pack on the clock', () => {
  it.each([
    ['2030-03-10T00:00:00.000Z', ['2030-03-09', '2030-03-10']],
    ['2030-03-10T09:59:59.999Z', ['2030-03-09', '2030-03-10']],
    ['2030-03-10T10:00:00.000Z', ['2030-03-09', '2030-03-10', '2030-03-11']],
    ['2030-03-10T23:59:59.999Z', ['2030-03-09', '2030-03-10', '2030-03-11']],
    ['2030-12-31T12:00:00.000Z', ['2030-12-30', '2030-12-31', '2031-01-01']],
  ])('at %s holds %j: each a day some zone is in, none with an answer', async (iso, days) => {
    setClock(iso);
    const { pack } = await dailyPack();
    expect(pack.days.map((d) => d.date)).toEqual(days);
    const now = new Date(iso);
    // The westernmost zone's today is held; nothing after the easternmost zone's today is.
    expect(pack.days[0]!.date <= localDate(now, { offsetMinutes: -12 * 60 })).toBe(true);
    expect(pack.days.every((d) => d.date <= localDate(now, { offsetMinutes: 14 * 60 }))).toBe(true);
    for (const d of pack.days) {
      expect(d.questions.length).toBeGreaterThan(0);
      for (const q of d.questions) {
        expect(q).not.toHaveProperty('answer');
        expect(q).not.toHaveProperty('explanation');
      }
    }
    expect(JSON.stringify(pack)).not.toMatch(/"answer"|"explanation"/);
  });

  it('a new day enters the pack (a new version) the moment it begins at UTC+14, not a moment before', async () => {
    setClock('2030-04-01T09:00:00.000Z');
    const before = await dailyPack();
    for (let step = 0; step < 4; step++) {
      clock.advance(HOUR / 4 - (step === 3 ? 1 : 0));
      const { pack, etag } = await dailyPack();
      expect(pack.days.map((d) => d.date)).not.toContain('2030-04-02');
      expect(etag).toBe(before.etag);
    }
    clock.advance(1);
    expect(clock.now().toISOString()).toBe('2030-04-01T10:00:00.000Z');
    const after = await dailyPack();
    expect(after.pack.days.map((d) => d.date)).toEqual(['2030-03-31', '2030-04-01', '2030-04-02']);
    expect(after.etag).not.toBe(before.etag);
  });
});
