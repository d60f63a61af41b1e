// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '../lib/i18n';
import { lazyPage } from './lazy-page';
import { RouteErrorBoundary } from './RouteErrorBoundary';

afterEach(cleanup);
// React reports a caught render error on the console.
beforeEach(() => vi.spyOn(console, 'error').mockImplementation(() => undefined));

const chunkError = () => new TypeError('Failed to fetch dynamically imported module: /assets/Page-x.js');

function frame(resetKey: string, page: React.ReactNode) {
  return (
    <MemoryRouter>
      <RouteErrorBoundary resetKey={resetKey}>
        <Suspense fallback={<p>loading</p>}>{page}</Suspense>
      </RouteErrorBoundary>
    </MemoryRouter>
  );
}

describe('RouteErrorBoundary', () => {
  it('shows "Something went wrong" instead of a page that throws, and Retry renders it again', () => {
    let broken = true;
    function Page() {
      if (broken) throw new Error('render failed');
      return <h1>the page</h1>;
    }
    render(frame('/a', <Page />));
    expect(screen.getByRole('heading', { name: 'Something went wrong' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to home' }).getAttribute('href')).toBe('/');
    broken = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(screen.getByRole('heading', { name: 'the page' })).toBeTruthy();
  });

  it('fetches a lazy page whose chunk failed again on Retry', async () => {
    const load = vi
      .fn()
      .mockRejectedValueOnce(chunkError())
      .mockResolvedValueOnce({ default: () => <h1>lazy page</h1> });
    const Page = lazyPage(load);
    await act(async () => {
      render(frame('/a', <Page />));
    });
    expect(await screen.findByTestId('route-error')).toBeTruthy();
    await act(async () => {
      fireEvent.click(screen.getByTestId('route-error-retry'));
    });
    expect(await screen.findByRole('heading', { name: 'lazy page' })).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('clears the error when the route changes', () => {
    function Broken(): never {
      throw new Error('render failed');
    }
    const { rerender } = render(frame('/a', <Broken />));
    expect(screen.getByTestId('route-error')).toBeTruthy();
    rerender(frame('/b', <h1>next page</h1>));
    expect(screen.queryByTestId('route-error')).toBeNull();
    expect(screen.getByRole('heading', { name: 'next page' })).toBeTruthy();
  });
});
