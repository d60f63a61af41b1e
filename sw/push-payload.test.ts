import { describe, expect, it } from 'vitest';
import { readPush } from './push-payload';

describe('readPush', () => {
  const p = { title: 'A friend joined', body: '+100 coins', link: '/profile/refer', tag: 'n7' };

  it('reads a Web Push payload as the server sends it', () => {
    expect(readPush(p)).toEqual(p);
  });

  it('reads an FCM data message (Firebase mode)', () => {
    expect(readPush({ data: p, from: '1234', priority: 'normal', fcmMessageId: 'abc' })).toEqual(p);
  });

  it('takes only string fields, and nothing from what is not an object', () => {
    expect(readPush({ title: 5, body: { x: 1 }, link: '/x', tag: null, __proto__: { title: 'no' } })).toEqual({
      link: '/x',
    });
    expect(readPush({ data: 'str', title: 'T' })).toEqual({ title: 'T' });
    for (const v of [null, undefined, 3, 'text', []]) expect(readPush(v)).toEqual({});
  });
});
