// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { toast } from '../lib/toast';
import { shareOrCopy } from './share';

const what = { title: 'QuizHub', text: 'I scored 90%', url: 'https://quiz.example' };

afterEach(() => {
  vi.restoreAllMocks();
  delete (navigator as { share?: unknown }).share;
  delete (navigator as { clipboard?: unknown }).clipboard;
});

describe('shareOrCopy', () => {
  it("opens the device's share sheet where there is one", async () => {
    const share = vi.fn(async () => undefined);
    Object.defineProperty(navigator, 'share', { value: share, configurable: true });
    expect(await shareOrCopy(what, 'Copied')).toBe('shared');
    expect(share).toHaveBeenCalledWith(what);
  });

  it('copies the text and the link where there is none, and says so', async () => {
    const writeText = vi.fn(async () => undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const said = vi.spyOn(toast, 'success').mockImplementation(() => '');
    expect(await shareOrCopy(what, 'Copied')).toBe('copied');
    expect(writeText).toHaveBeenCalledWith('I scored 90% https://quiz.example');
    expect(said).toHaveBeenCalledWith('Copied');
  });

  it('answers none when the sheet is dismissed or the clipboard refused, and never throws', async () => {
    Object.defineProperty(navigator, 'share', {
      value: async () => {
        throw new DOMException('dismissed', 'AbortError');
      },
      configurable: true,
    });
    expect(await shareOrCopy(what, 'Copied')).toBe('none');
    delete (navigator as { share?: unknown }).share;
    Object.defineProperty(navigator, 'clipboard', {
      value: { writeText: async () => Promise.reject(new Error('denied')) },
      configurable: true,
    });
    expect(await shareOrCopy(what, 'Copied')).toBe('none');
  });
});
