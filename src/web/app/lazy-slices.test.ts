// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { makeStore } from './store';

describe('the slices a screen brings (LazySlices)', () => {
  it('are not in a new store; their chunks add them, there from the next action on', async () => {
    const store = makeStore();
    expect(store.getState().play).toBeUndefined();
    expect(store.getState().battle).toBeUndefined();

    const { playRequested } = await import('../play/play-machine');
    await import('../play/play-store');
    store.dispatch(playRequested());
    expect(store.getState().play).toEqual({ phase: 'loading' });

    const { noBattle } = await import('../features/battle/battle-slice');
    await import('../features/battle/battle-store');
    store.dispatch({ type: 'test/anything' });
    expect(store.getState().battle).toEqual(noBattle);
    // The first screen's slices are as they were.
    expect(Object.keys(store.getState()).sort()).toEqual(['auth', 'battle', 'languages', 'live', 'play', 'settings']);
  });
});
