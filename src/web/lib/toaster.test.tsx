// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { toast } from './toast';
import Toaster from './toaster';

afterEach(cleanup);

describe('Toaster', () => {
  it("takes a wrong code's error down when a later verify succeeds, and says so", async () => {
    render(<Toaster rtl={false} />);
    act(() => toast.error('That code is wrong.'));
    expect(await screen.findByText('That code is wrong.')).toBeTruthy();

    act(() => {
      toast.dismissErrors();
      toast.success('E-mail verified.');
    });
    expect(await screen.findByText('E-mail verified.')).toBeTruthy();
    // jsdom plays no CSS animation: end the error's exit slide by hand, as a browser would.
    const error = screen.getByText('That code is wrong.').closest('.Toastify__toast')!;
    await waitFor(() => expect(error.className).toMatch(/exit/));
    fireEvent.animationEnd(error);
    await waitFor(() => expect(screen.queryByText('That code is wrong.')).toBeNull(), { timeout: 3000 });
  });

  it('drops an error still waiting for the toaster when a success comes first', async () => {
    toast.error('Queued failure.');
    toast.dismissErrors();
    render(<Toaster rtl={false} />);
    act(() => toast.info('Something else.'));
    expect(await screen.findByText('Something else.')).toBeTruthy();
    expect(screen.queryByText('Queued failure.')).toBeNull();
  });

  it('writes a text given as a function when it shows it, not when it is asked for', async () => {
    let words = 'not yet loaded';
    toast.error(() => words);
    // The whole catalogue (and with it the error messages) arrives before the toaster.
    words = 'The server could not be reached.';
    render(<Toaster rtl={false} />);
    expect(await screen.findByText('The server could not be reached.')).toBeTruthy();
    expect(screen.queryByText('not yet loaded')).toBeNull();
  });
});
