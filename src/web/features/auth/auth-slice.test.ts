import { describe, expect, it } from 'vitest';
import type { UserRecord } from '../../../core/contract';
import { coinScoreChanged, coinsChanged, loggedIn, loggedOut, profileChanged } from '../../app/events';
import { authReducer, capitalizeName } from './auth-slice';

const user: UserRecord = {
  id: 1,
  firebase_id: 'email:1',
  name: 'ada',
  email: 'ada@example.com',
  mobile: '',
  profile: '',
  type: 'email',
  fcm_id: '',
  coins: 10,
  all_time_score: 0,
  refer_code: 'ABCD',
  friends_code: '',
  web_language: 'en',
  role: 'player',
  status: 1,
  date_registered: '',
  api_token: 'tok',
};

const init = authReducer(undefined, { type: 'init' });

describe('auth slice', () => {
  it('stores the user and token on login, with the name capitalised and no token copy in the record', () => {
    const s = authReducer(init, loggedIn({ user, token: 'tok' }));
    expect(s.isLogin).toBe(true);
    expect(s.token).toBe('tok');
    expect(s.user?.name).toBe('Ada');
    expect(s.user).not.toHaveProperty('api_token');
  });

  it('resets to empty on logout', () => {
    const s = authReducer(authReducer(init, loggedIn({ user, token: 'tok' })), loggedOut());
    expect(s).toEqual({ user: null, token: null, isLogin: false });
  });

  it('updates coins and score from a graded result', () => {
    const s = authReducer(
      authReducer(init, loggedIn({ user, token: 't' })),
      coinScoreChanged({ coins: 25, all_time_score: 40 }),
    );
    expect(s.user).toMatchObject({ coins: 25, all_time_score: 40 });
  });

  it('updates the balance alone after a lifeline or hint, and ignores it when signed out', () => {
    const s = authReducer(authReducer(init, loggedIn({ user, token: 't' })), coinsChanged(7));
    expect(s.user?.coins).toBe(7);
    expect(s.user?.all_time_score).toBe(user.all_time_score);
    expect(authReducer(init, coinsChanged(7)).user).toBeNull();
  });

  it('takes a new profile record but ignores it when signed out', () => {
    const s = authReducer(
      authReducer(init, loggedIn({ user, token: 't' })),
      profileChanged({ ...user, name: 'Ada L' }),
    );
    expect(s.user?.name).toBe('Ada L');
    expect(authReducer(init, profileChanged(user)).user).toBeNull();
  });

  it('keeps the name capitalised when the record is refreshed from the server', () => {
    const s = authReducer(authReducer(init, loggedIn({ user, token: 't' })), profileChanged({ ...user, name: 'ada' }));
    expect(s.user?.name).toBe('Ada');
  });

  it('capitalises only the first letter', () => {
    expect(capitalizeName('élan vital')).toBe('Élan vital');
    expect(capitalizeName('')).toBe('');
  });
});
