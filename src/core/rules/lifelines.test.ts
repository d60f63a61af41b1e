import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { audiencePoll, fiftyFiftyRemoval, hintsAllowed, lifelineRefusal } from './lifelines';
import { DEFAULT_REWARD_RULES } from './reward-rules';
import { modeRule } from './solo-modes';

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
