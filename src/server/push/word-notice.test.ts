import { describe, expect, it } from 'vitest';
import { wordNotice } from './push';

const notice = (type: string, params: Record<string, string | number>) => ({
  id: 1,
  user_id: 1,
  type,
  params,
  title: '',
  message: '',
  link: '/',
  language_code: null,
});

describe('a pushed notification', () => {
  it('words its coins with the plural form and the figure of the player’s language', async () => {
    expect((await wordNotice(notice('referral', { coins: 1 }), 'en')).body).toBe(
      'A friend joined with your code: +1 coin.',
    );
    expect((await wordNotice(notice('referral', { coins: 1500 }), 'en')).body).toBe(
      'A friend joined with your code: +1,500 coins.',
    );
    expect((await wordNotice(notice('referral', { coins: 2 }), 'ar')).body).toBe('انضم صديق برمزك: +عملتان.');
    expect((await wordNotice(notice('payout_rejected', { coins: 150000 }), 'hi')).body).toContain('1,50,000');
    const prize = await wordNotice(notice('contest_prize', { coins: 3, rank: 2, contest: 'Cup' }), 'en');
    expect(prize.body).toBe('You ranked 2 in Cup and won 3 coins.');
  });
});
