import { describe, expect, it } from 'vitest';
import type { SystemConfigurations } from '../../../core/contract';
import { DEFAULT_BATTLE_RULES } from '../../../core/rules/battle';
import { testConfig } from './test-config';
import { PLAY_MODES } from '../../../core/contract/play-modes';
import { EXAM_AWAY_LIMIT_MS } from '../../../core/rules/exam';
import { EXAM_AWAY_SECONDS, modeGuides } from './mode-guide';

const config = testConfig();
const modes = (c: SystemConfigurations) => modeGuides(c).map((g) => g.mode);

describe('modeGuides', () => {
  it('has a section for every mode, in the order of the modes', () => {
    expect(modes(config)).toEqual([...PLAY_MODES]);
  });

  it('leaves out the modes the operator switched off and keeps the order of the rest', () => {
    expect(modes({ ...config, disabled_modes: ['maths_mania', 'exam'] })).toEqual(
      PLAY_MODES.filter((m) => m !== 'maths_mania' && m !== 'exam'),
    );
  });

  it('offers every mode to a configuration saved before modes could be switched off', () => {
    const { disabled_modes: _omit, ...older } = config;
    expect(modes(older as SystemConfigurations)).toEqual([...PLAY_MODES]);
  });

  it("takes the battles' speed bonuses from the live rules, quickest first, in seconds", () => {
    const battle = {
      ...DEFAULT_BATTLE_RULES,
      speed_bonuses: [
        { within_ms: 5000, bonus: 3 },
        { within_ms: 1500, bonus: 8 },
      ],
    };
    const group = modeGuides({ ...config, battle }).find((g) => g.mode === 'group_battle')!;
    expect(group.facts.filter((f) => f.name === 'speedBonus').map((f) => f.values)).toEqual([
      { bonus: 8, n: 1.5 },
      { bonus: 3, n: 5 },
    ]);
  });

  it("names the exam's away limit the exam rules apply", () => {
    expect(EXAM_AWAY_SECONDS * 1000).toBe(EXAM_AWAY_LIMIT_MS);
  });
});
