import { describe, expect, it } from 'vitest';
import { nextItem } from './next-item';

const r = (o: Partial<Parameters<typeof nextItem>[0]> = {}) => ({
  level: 1,
  max_level: 3,
  next_level_unlocked: false,
  unlocked_level: 1,
  ...o,
});

describe('nextItem', () => {
  it('offers the next round while there is one, passed or not', () => {
    expect(nextItem(r(), 1, 'rounds')).toBe(2);
    expect(nextItem(r({ level: 3 }), 3, 'rounds')).toBeNull();
  });

  it('offers the next level only once it is unlocked', () => {
    expect(nextItem(r(), 1, 'levels')).toBeNull();
    expect(nextItem(r({ next_level_unlocked: true, unlocked_level: 2 }), 1, 'levels')).toBe(2);
    // Unlocked by an earlier play: a replay that fails still leads on.
    expect(nextItem(r({ unlocked_level: 3 }), 1, 'levels')).toBe(2);
    expect(nextItem(r({ level: 3, unlocked_level: 3 }), 3, 'levels')).toBeNull();
  });

  it('falls back to the played number when the result has none', () => {
    expect(nextItem(r({ level: 0 }), 2, 'rounds')).toBe(3);
  });
});
