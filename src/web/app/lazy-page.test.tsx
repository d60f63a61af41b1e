// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadCatalogue } from '../lib/i18n';
import { lazyPage } from './lazy-page';

vi.mock('../lib/i18n', () => ({ loadCatalogue: vi.fn(async () => undefined) }));

afterEach(cleanup);

const module = (text: string) => ({ default: () => <p>{text}</p> });

describe('lazyPage', () => {
  it('renders a preloaded page in the first commit, without its Suspense fallback', async () => {
    const load = vi.fn(async () => module('the page'));
    const Page = lazyPage(load);
    await Page.preload();
    await Page.preload();
    expect(load).toHaveBeenCalledTimes(1);
    // A synchronous act: a page that suspended would show the fallback here.
    act(() => {
      render(
        <Suspense fallback={<p>loading</p>}>
          <Page />
        </Suspense>,
      );
    });
    expect(screen.getByText('the page')).toBeTruthy();
    expect(screen.queryByText('loading')).toBeNull();
  });

  it('a page not preloaded shows the fallback, then itself', async () => {
    const Page = lazyPage(async () => module('later'));
    await act(async () => {
      render(
        <Suspense fallback={<p>loading</p>}>
          <Page />
        </Suspense>,
      );
    });
    expect(await screen.findByText('later')).toBeTruthy();
  });

  it('a failed preload can be tried again', async () => {
    const load = vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValueOnce(module('back'));
    const Page = lazyPage(load);
    await expect(Page.preload()).rejects.toThrow('offline');
    await Page.preload();
    expect(load).toHaveBeenCalledTimes(2);
    act(() => {
      render(<Page />);
    });
    expect(screen.getByText('back')).toBeTruthy();
  });

  it('a part of the first screen (catalogue false) loads its chunk alone, not the whole catalogue', async () => {
    vi.mocked(loadCatalogue).mockClear();
    const Part = lazyPage(async () => module('the card'), false);
    await Part.preload();
    expect(loadCatalogue).not.toHaveBeenCalled();
    act(() => {
      render(
        <Suspense fallback={<p>loading</p>}>
          <Part />
        </Suspense>,
      );
    });
    expect(screen.getByText('the card')).toBeTruthy();
    // A page waits for the catalogue as before.
    await lazyPage(async () => module('a page')).preload();
    expect(loadCatalogue).toHaveBeenCalledTimes(1);
  });
});
