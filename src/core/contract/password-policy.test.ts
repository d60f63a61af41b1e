import { describe, expect, it } from 'vitest';
import { passwordProblem } from './password-policy';

describe('passwordProblem', () => {
  it('accepts a reasonable password', () => {
    expect(passwordProblem('correct horse battery')).toBeUndefined();
  });
  it('refuses short, long, common and one-character passwords', () => {
    expect(passwordProblem('short')).toMatch(/at least 8/);
    expect(passwordProblem('x'.repeat(129))).toMatch(/at most 128/);
    expect(passwordProblem('Password123')).toMatch(/common/);
    expect(passwordProblem('zzzzzzzzzz')).toMatch(/simple/);
  });
});
