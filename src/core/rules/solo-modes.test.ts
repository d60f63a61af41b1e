import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DEFAULT_REWARD_RULES } from './reward-rules';
import {
  audiencePoll,
  canonicalAnswer,
  fiftyFiftyRemoval,
  hintsAllowed,
  isCorrectAnswer,
  lifelineRefusal,
  localDate,
  modeRule,
  normalizeWord,
  parseGmtOffset,
  dailyQuizAllowed,
  zoneOffsetMinutes,
  SOLO_MODES,
} from './solo-modes';

describe('grading by question type', () => {
  it('takes a multi select in any order but needs exactly the right set', () => {
    expect(isCorrectAnswer('multi_select', 'a,c', 'c,a')).toBe(true);
    expect(isCorrectAnswer('multi_select', 'a,c', 'a, c')).toBe(true);
    expect(isCorrectAnswer('multi_select', 'a,c', 'a')).toBe(false);
    expect(isCorrectAnswer('multi_select', 'a,c', 'a,c,d')).toBe(false);
    expect(isCorrectAnswer('multi_select', 'a,c', 'a,a,c')).toBe(false);
  });
  it('needs a sequence in order', () => {
    expect(isCorrectAnswer('sequence', 'c,a,b', 'c,a,b')).toBe(true);
    expect(isCorrectAnswer('sequence', 'c,a,b', 'a,b,c')).toBe(false);
  });
  it('takes match pairs in any order, never a left item twice', () => {
    expect(isCorrectAnswer('match', 'a:1,b:2,c:3', 'c:3,a:1,b:2')).toBe(true);
    expect(isCorrectAnswer('match', 'a:1,b:2,c:3', 'a:1,a:2,c:3')).toBe(false);
    expect(isCorrectAnswer('match', 'a:1,b:2,c:3', 'a:1,b:3,c:2')).toBe(false);
    expect(canonicalAnswer('match', 'a1,b:2')).toBeNull();
  });
  it('reads a word without case, spaces, punctuation or Arabic diacritics', () => {
    expect(isCorrectAnswer('word', 'New York', 'new-york')).toBe(true);
    expect(isCorrectAnswer('word', 'قطة', 'قِطَّة')).toBe(true);
    expect(isCorrectAnswer('word', 'أسد', 'اسد')).toBe(true);
    expect(isCorrectAnswer('word', 'ELEPHANT', 'ELEPHAN')).toBe(false);
    expect(normalizeWord('  ')).toBe('');
    expect(isCorrectAnswer('word', 'cat', '  ')).toBe(false);
  });
  it('never counts an empty or missing answer', () => {
    for (const t of ['mcq', 'multi_select', 'sequence', 'match', 'word']) {
      expect(isCorrectAnswer(t, 'a', null)).toBe(false);
      expect(isCorrectAnswer(t, 'a', '')).toBe(false);
    }
  });
});

describe('lifelines', () => {
  const base = {
    allowed: modeRule('quiz_zone', DEFAULT_REWARD_RULES).lifelines,
    used: [] as { lifeline: 'fifty_fifty' | 'audience_poll' | 'reset_timer' | 'skip'; question_id: number }[],
    questionId: 1,
    questionType: 'mcq',
    isLastQuestion: false,
  };
  it('allows each once', () => {
    expect(lifelineRefusal({ ...base, lifeline: 'skip' })).toBeNull();
    expect(lifelineRefusal({ ...base, lifeline: 'skip', used: [{ lifeline: 'skip', question_id: 9 }] })).toBe(
      'lifeline_used',
    );
  });
  it('keeps 50/50 and audience poll apart on one question, not on two', () => {
    const used = [{ lifeline: 'audience_poll' as const, question_id: 1 }];
    expect(lifelineRefusal({ ...base, lifeline: 'fifty_fifty', used })).toBe('lifeline_not_allowed');
    expect(lifelineRefusal({ ...base, lifeline: 'fifty_fifty', used, questionId: 2 })).toBeNull();
    const ff = [{ lifeline: 'fifty_fifty' as const, question_id: 1 }];
    expect(lifelineRefusal({ ...base, lifeline: 'audience_poll', used: ff })).toBe('lifeline_not_allowed');
  });
  it('refuses 50/50 on true/false, skip on the last question, and modes without lifelines', () => {
    expect(lifelineRefusal({ ...base, lifeline: 'fifty_fifty', questionType: 'true_false' })).toBe(
      'lifeline_not_allowed',
    );
    expect(lifelineRefusal({ ...base, lifeline: 'skip', isLastQuestion: true })).toBe('lifeline_not_allowed');
    expect(
      lifelineRefusal({
        ...base,
        lifeline: 'skip',
        allowed: modeRule('self_challenge', DEFAULT_REWARD_RULES).lifelines,
      }),
    ).toBe('lifeline_not_allowed');
    expect(modeRule('true_false', DEFAULT_REWARD_RULES).lifelines).not.toContain('fifty_fifty');
  });
  it('removes two wrong options and never the right one', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 2, max: 5 }),
        fc.nat(4),
        fc.double({ min: 0, max: 0.999, noNaN: true }),
        (n, c, r) => {
          const ids = 'abcde'.slice(0, n).split('');
          const correct = ids[c % n]!;
          const removed = fiftyFiftyRemoval(ids, correct, () => r);
          expect(removed).not.toContain(correct);
          // One wrong option always stays beside the right one.
          expect(removed.length).toBe(Math.min(2, n - 2));
        },
      ),
    );
  });
  it('polls to 100 % with the right option on top', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 2, max: 5 }),
        fc.nat(4),
        fc.array(fc.double({ min: 0, max: 0.999, noNaN: true }), { minLength: 6, maxLength: 6 }),
        (n, c, rs) => {
          const ids = 'abcde'.slice(0, n).split('');
          const correct = ids[c % n]!;
          let i = 0;
          const poll = audiencePoll(ids, correct, () => rs[i++ % rs.length]!);
          expect(poll.map((p) => p.option_id)).toEqual(ids);
          expect(poll.reduce((a, p) => a + p.percent, 0)).toBe(100);
          expect(poll.every((p) => p.percent >= 0)).toBe(true);
          const top = poll.find((p) => p.option_id === correct)!.percent;
          expect(poll.filter((p) => p.option_id !== correct).every((p) => p.percent < top)).toBe(true);
        },
      ),
    );
  });
  it('never sells the whole word as hints', () => {
    expect(hintsAllowed('cat', 3)).toBe(2);
    expect(hintsAllowed('elephant', 3)).toBe(3);
    expect(hintsAllowed('a', 3)).toBe(0);
  });
});

describe('daily quiz dates', () => {
  const at = new Date('2026-11-22T11:30:00Z');
  it('follows the player across the date line', () => {
    expect(localDate(at, { offsetMinutes: 14 * 60 })).toBe('2026-11-23');
    expect(localDate(at, { offsetMinutes: -12 * 60 })).toBe('2026-11-21');
    expect(localDate(new Date('2026-11-22T23:59:59Z'), { offsetMinutes: 0 })).toBe('2026-11-22');
    expect(localDate(new Date('2026-11-23T00:00:00Z'), { offsetMinutes: -1 })).toBe('2026-11-22');
  });
  it('reads IANA zones with their daylight saving', () => {
    expect(localDate(new Date('2026-07-01T03:30:00Z'), { timezone: 'America/New_York' })).toBe('2026-06-30');
    expect(localDate(new Date('2026-07-01T04:30:00Z'), { timezone: 'America/New_York' })).toBe('2026-07-01');
    expect(localDate(at, { timezone: 'Pacific/Kiritimati' })).toBe('2026-11-23');
    expect(localDate(at, { timezone: 'Nowhere/Land', offsetMinutes: 60 })).toBe('2026-11-22');
  });
  it("knows a zone's offset at an instant, with daylight saving", () => {
    expect(zoneOffsetMinutes(new Date('2026-07-01T12:00:00Z'), { timezone: 'America/New_York' })).toBe(-240);
    expect(zoneOffsetMinutes(new Date('2026-12-01T12:00:00Z'), { timezone: 'America/New_York' })).toBe(-300);
    expect(zoneOffsetMinutes(at, { timezone: 'Asia/Kolkata' })).toBe(330);
    expect(zoneOffsetMinutes(at, { offsetMinutes: -720 })).toBe(-720);
  });
  it('allows one daily quiz a local day, and a zone change only after 20 hours', () => {
    const last = { date: '2026-11-22', offset: 60, startedAt: new Date('2026-11-22T21:50:00Z') };
    // 23:50 then 00:30 local, same zone: a new day.
    expect(dailyQuizAllowed('2026-11-23', 60, new Date('2026-11-22T23:30:00Z'), last)).toBe(true);
    expect(dailyQuizAllowed('2026-11-22', 60, new Date('2026-11-22T22:30:00Z'), last)).toBe(false);
    expect(dailyQuizAllowed('2026-11-21', -720, new Date('2026-11-22T22:30:00Z'), last)).toBe(false);
    // Hopping to UTC+14 for tomorrow's quiz at once: refused; a day later: fine.
    expect(dailyQuizAllowed('2026-11-23', 840, new Date('2026-11-22T22:00:00Z'), last)).toBe(false);
    expect(dailyQuizAllowed('2026-11-24', 840, new Date('2026-11-23T18:00:00Z'), last)).toBe(true);
    expect(dailyQuizAllowed('2026-11-22', 60, new Date(), undefined)).toBe(true);
  });
  it('parses offsets within UTC−12..UTC+14 only', () => {
    expect(parseGmtOffset('+05:30')).toBe(330);
    expect(parseGmtOffset('-0300')).toBe(-180);
    expect(parseGmtOffset('GMT+5')).toBe(300);
    expect(parseGmtOffset('+14:00')).toBe(840);
    expect(parseGmtOffset('+14:30')).toBeNull();
    expect(parseGmtOffset('-12:01')).toBeNull();
    expect(parseGmtOffset('+05:75')).toBeNull();
    expect(parseGmtOffset('5:30')).toBeNull();
  });
});

describe('mode rules', () => {
  it('gives every mode its timing and reward kind from the constants', () => {
    const r = DEFAULT_REWARD_RULES;
    expect(modeRule('guess_the_word', r)).toMatchObject({ seconds: 60, hintCost: 5, reward: 'level', locks: false });
    expect(modeRule('multi_match', r)).toMatchObject({ locks: true, reward: 'level' });
    expect(modeRule('self_challenge', r)).toMatchObject({ reward: 'none', maxCoins: 0 });
    expect(modeRule('daily_quiz', r)).toMatchObject({ reward: 'per_play', seconds: 30 });
    for (const m of SOLO_MODES) expect(modeRule(m, r).seconds).toBeGreaterThanOrEqual(0);
  });
});
