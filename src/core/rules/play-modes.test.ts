import { describe, expect, it } from 'vitest';
import { modesOnOffer, PLAY_MODES } from './play-modes';

describe('modesOnOffer', () => {
  it('offers every mode when none is switched off (or the setting is missing)', () => {
    expect(modesOnOffer([])).toEqual([...PLAY_MODES]);
    expect(modesOnOffer(undefined)).toEqual([...PLAY_MODES]);
  });

  it('leaves out the modes the operator switched off and keeps the order of the rest', () => {
    const offered = modesOnOffer(['maths_mania', 'group_battle']);
    expect(offered).not.toContain('maths_mania');
    expect(offered).not.toContain('group_battle');
    expect(offered).toEqual(PLAY_MODES.filter((m) => m !== 'maths_mania' && m !== 'group_battle'));
  });

  it('ignores codes that are no mode', () => {
    expect(modesOnOffer(['chess'])).toEqual([...PLAY_MODES]);
  });
});
