// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { useModalOnMount } from './use-modal';

afterEach(cleanup);

function Dialog({ onClose }: { onClose: () => void }) {
  const dialog = useModalOnMount();
  return (
    <dialog ref={dialog} open aria-label="Unlock">
      <button type="button">First</button>
      <button type="button">Middle</button>
      <button type="button" onClick={onClose}>
        Close
      </button>
    </dialog>
  );
}

function Owner() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open
      </button>
      {open && <Dialog onClose={() => setOpen(false)} />}
    </>
  );
}

function openDialog() {
  render(<Owner />);
  const opener = screen.getByRole('button', { name: 'Open' });
  opener.focus();
  fireEvent.click(opener);
  return { opener, dialog: screen.getByRole('dialog') };
}

// jsdom lays nothing out: every control counts as shown.
HTMLElement.prototype.getClientRects = function () {
  return [{}] as unknown as DOMRectList;
};

describe('a modal dialog', () => {
  it('takes Tab from its last control round to its first', () => {
    const { dialog } = openDialog();
    screen.getByRole('button', { name: 'Close' }).focus();
    fireEvent.keyDown(dialog, { key: 'Tab' });
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'First' }));
  });

  it('takes Shift+Tab from its first control round to its last', () => {
    const { dialog } = openDialog();
    screen.getByRole('button', { name: 'First' }).focus();
    fireEvent.keyDown(dialog, { key: 'Tab', shiftKey: true });
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Close' }));
  });

  it('lets Tab move on between its own controls', () => {
    const { dialog } = openDialog();
    screen.getByRole('button', { name: 'First' }).focus();
    const e = fireEvent.keyDown(dialog, { key: 'Tab' });
    expect(e).toBe(true); // not prevented: the browser moves to the next one
  });

  it('gives focus back to what opened it when it closes', () => {
    const { opener } = openDialog();
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
  });
});
