// @vitest-environment jsdom
import { renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useDepsVersion } from './use-deps-version';

describe('useDepsVersion', () => {
  it('changes when an item changes, not when the same items come in a new array', () => {
    const { result, rerender } = renderHook(({ deps }) => useDepsVersion(deps), {
      initialProps: { deps: [1, 'a'] as unknown[] },
    });
    const first = result.current;
    rerender({ deps: [1, 'a'] });
    expect(result.current).toBe(first);
    rerender({ deps: [2, 'a'] });
    expect(result.current).toBe(first + 1);
    rerender({ deps: [2, 'a', NaN] });
    expect(result.current).toBe(first + 2);
    rerender({ deps: [2, 'a', NaN] });
    expect(result.current).toBe(first + 2);
  });
});
