// @vitest-environment jsdom
import { skipToken } from '@reduxjs/toolkit/query';
import { cleanup, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeStore } from '../../../app/store';
import { api } from '../../../lib/api-client';
import { useEveryRow } from './use-every-row';

vi.mock('../../../lib/api-client', async (actual) => ({
  ...(await actual<typeof import('../../../lib/api-client')>()),
  api: vi.fn(),
}));

const apiMock = vi.mocked(api);

/** A list of `count` rows served 100 a page, with its total. */
function serve(count: number) {
  apiMock.mockImplementation(async (_action, fields, opts) => {
    const { offset = 0, limit = 100 } = fields as { offset?: number; limit?: number };
    opts?.onTotal?.(count);
    const ids = Array.from({ length: Math.max(0, Math.min(limit, count - offset)) }, (_, i) => offset + i + 1);
    return ids.map((id) => ({ id, name: `#${id}` })) as never;
  });
}

function wrapper({ children }: { children: ReactNode }) {
  return <Provider store={makeStore()}>{children}</Provider>;
}

const offsets = () => apiMock.mock.calls.map(([, fields]) => (fields as { offset: number }).offset);

afterEach(() => {
  cleanup();
  apiMock.mockReset();
});

describe('useEveryRow', () => {
  it('loads the pages one after the other until none is left, and is ready with every row', async () => {
    serve(250);
    const { result } = renderHook(() => useEveryRow('admin_get_languages', {}), { wrapper });
    expect(result.current[0].status).toBe('loading');
    await waitFor(() => expect(result.current[0].status).toBe('ready'));
    expect(offsets()).toEqual([0, 100, 200]);
    const rows = result.current[0].status === 'ready' ? result.current[0].data : [];
    expect(rows.map((r) => r.id)).toEqual(Array.from({ length: 250 }, (_, i) => i + 1));
  });

  it('stops once it has enough (a thousand rows, or what the caller looks for)', async () => {
    serve(5000);
    const { result } = renderHook(() => useEveryRow('admin_get_categories', {}), { wrapper });
    await waitFor(() => expect(result.current[0].status).toBe('ready'));
    expect(offsets()).toHaveLength(10);
    apiMock.mockClear();
    const found = renderHook(() => useEveryRow('admin_get_categories', {}, (rows) => rows.some((c) => c.id === 150)), {
      wrapper,
    });
    await waitFor(() => expect(found.result.current[0].status).toBe('ready'));
    expect(offsets()).toEqual([0, 100]);
  });

  it('is ready with nothing, and asks nothing, without fields', () => {
    const { result } = renderHook(() => useEveryRow('admin_get_subcategories', skipToken), { wrapper });
    expect(result.current[0]).toEqual({ status: 'ready', data: [] });
    expect(apiMock).not.toHaveBeenCalled();
  });
});
