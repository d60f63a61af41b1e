import { describe, expect, it } from 'vitest';
import { DEFAULT_REWARD_RULES } from './reward-rules';
import { modeRule, SOLO_MODES } from './solo-modes';

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
