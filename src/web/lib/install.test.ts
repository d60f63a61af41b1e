import { describe, expect, it } from 'vitest';
import { isIosSafari } from './install';

const nav = (userAgent: string, platform = '', maxTouchPoints = 0) =>
  ({ userAgent, platform, maxTouchPoints }) as unknown as Navigator;

describe('isIosSafari', () => {
  it('is true for iPhone and iPad Safari (iPadOS reports a Mac with touch)', () => {
    expect(
      isIosSafari(
        nav(
          'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
        ),
      ),
    ).toBe(true);
    expect(
      isIosSafari(
        nav(
          'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15',
          'MacIntel',
          5,
        ),
      ),
    ).toBe(true);
  });

  it('is false for other iOS browsers, desktop Safari and Android', () => {
    expect(
      isIosSafari(
        nav(
          'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/126.0 Mobile/15E148 Safari/604.1',
        ),
      ),
    ).toBe(false);
    expect(
      isIosSafari(
        nav(
          'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15',
          'MacIntel',
          0,
        ),
      ),
    ).toBe(false);
    expect(
      isIosSafari(
        nav(
          'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36',
        ),
      ),
    ).toBe(false);
  });
});
