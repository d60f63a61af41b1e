import { describe, expect, it } from 'vitest';
import en from '../../../locales/en/translation.json';
import { errorMessage } from './i18n';

describe('errorMessage', () => {
  it('words a plural message with its count, a plain one as written, an unknown code generically', () => {
    expect(errorMessage('payment_request_wait')).toBe(en.errors.payment_request_wait_other.replace('{{count}}', '48'));
    expect(errorMessage('not_found')).toBe(en.errors.not_found);
    expect(errorMessage('no_such_code')).toBe(en.errors.unknown);
  });
});
