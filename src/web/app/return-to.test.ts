// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { forgetReturnTo, loginPathFrom, rememberReturnTo, returnToPath, safeReturnPath } from './return-to';

const origin = 'https://quiz.example';

afterEach(forgetReturnTo);

describe('safeReturnPath', () => {
  it('takes a path of this app with its query and hash', () => {
    expect(safeReturnPath('/exam-module', origin)).toBe('/exam-module');
    expect(safeReturnPath('/quiz-zone/a/b?x=1#top', origin)).toBe('/quiz-zone/a/b?x=1#top');
  });

  it.each([
    '//evil.com',
    '//evil.com/exam-module',
    '/\\evil.com',
    '\\\\evil.com',
    'https://evil.com',
    `${origin}/exam-module`,
    'javascript:alert(1)',
    'exam-module',
    '/\t/evil.com',
    '',
    ' /exam-module',
  ])('ignores %j', (raw) => {
    expect(safeReturnPath(raw, origin)).toBeNull();
  });

  it('ignores what is not a string, an oversized path, and the auth pages themselves', () => {
    expect(safeReturnPath(undefined, origin)).toBeNull();
    expect(safeReturnPath({ pathname: '/exam-module' }, origin)).toBeNull();
    expect(safeReturnPath(`/${'a'.repeat(2001)}`, origin)).toBeNull();
    expect(safeReturnPath('/auth/login?next=/exam-module', origin)).toBeNull();
    expect(safeReturnPath('/auth/sign-up', origin)).toBeNull();
  });
});

describe('the sign-in errand', () => {
  it('names the asked page in the login address, and nothing for home', () => {
    expect(loginPathFrom('/exam-module')).toBe('/auth/login?next=%2Fexam-module');
    expect(loginPathFrom('/')).toBe('/auth/login');
  });

  it('keeps a safe path until forgotten, and refuses to keep a hostile one', () => {
    expect(returnToPath()).toBe('/');
    rememberReturnTo('//evil.com');
    expect(returnToPath()).toBe('/');
    rememberReturnTo('/exam-module');
    expect(returnToPath()).toBe('/exam-module');
    rememberReturnTo('https://evil.com');
    expect(returnToPath()).toBe('/exam-module');
    forgetReturnTo();
    expect(returnToPath()).toBe('/');
  });
});
