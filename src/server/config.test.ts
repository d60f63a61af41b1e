import { describe, expect, it } from 'vitest';
import { DEFAULT_BATTLE_RULES } from '../core/rules/battle';
import { battleRulesOf } from './app';
import { loadConfig } from './config';

const base = { NODE_ENV: 'test' };

describe('battle bot configuration', () => {
  it("gives the bot the rules' skill when nothing is set (an empty value counts as unset)", () => {
    for (const env of [base, { ...base, BATTLE_BOT_ACCURACY: '', BATTLE_BOT_MIN_MS: '', BATTLE_BOT_MAX_MS: '' }]) {
      const rules = battleRulesOf(loadConfig(env));
      expect(rules).toMatchObject({
        bot_accuracy: DEFAULT_BATTLE_RULES.bot_accuracy,
        bot_min_answer_ms: DEFAULT_BATTLE_RULES.bot_min_answer_ms,
        bot_max_answer_ms: DEFAULT_BATTLE_RULES.bot_max_answer_ms,
      });
    }
  });

  it('applies a deployment’s bot skill to the battle rules; buildApp options still win', () => {
    const config = loadConfig({
      ...base,
      BATTLE_BOT_ACCURACY: '0.9',
      BATTLE_BOT_MIN_MS: '500',
      BATTLE_BOT_MAX_MS: '1500',
    });
    expect(battleRulesOf(config)).toMatchObject({ bot_accuracy: 0.9, bot_min_answer_ms: 500, bot_max_answer_ms: 1500 });
    expect(battleRulesOf(config, { bot_accuracy: 0.1 }).bot_accuracy).toBe(0.1);
    // A range of one value is allowed: the bot always answers after that long.
    expect(loadConfig({ ...base, BATTLE_BOT_MIN_MS: '3000', BATTLE_BOT_MAX_MS: '3000' }).BATTLE_BOT_MIN_MS).toBe(3000);
  });

  it('refuses a bad value with a readable line naming it', () => {
    expect(() => loadConfig({ ...base, BATTLE_BOT_ACCURACY: '1.5' })).toThrow(/BATTLE_BOT_ACCURACY/);
    expect(() => loadConfig({ ...base, BATTLE_BOT_ACCURACY: 'often' })).toThrow(/BATTLE_BOT_ACCURACY/);
    expect(() => loadConfig({ ...base, BATTLE_BOT_MIN_MS: '-1' })).toThrow(/BATTLE_BOT_MIN_MS/);
    expect(() => loadConfig({ ...base, BATTLE_BOT_MAX_MS: '2.5' })).toThrow(/BATTLE_BOT_MAX_MS/);
    // The minimum above the maximum, also against the other's default (9000 ms).
    expect(() => loadConfig({ ...base, BATTLE_BOT_MIN_MS: '5000', BATTLE_BOT_MAX_MS: '4000' })).toThrow(
      /BATTLE_BOT_MIN_MS: must not be more than BATTLE_BOT_MAX_MS/,
    );
    expect(() => loadConfig({ ...base, BATTLE_BOT_MIN_MS: '10000' })).toThrow(/BATTLE_BOT_MIN_MS/);
  });
});
