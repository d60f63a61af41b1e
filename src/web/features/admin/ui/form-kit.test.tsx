// @vitest-environment jsdom
import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { adminActions, systemConfigSchema } from '../../../../core/contract/admin';
import { ApiError } from '../../../lib/api-client';
import { serverFieldErrors, useZodForm } from './form-kit';

describe('the form kit', () => {
  it('checks a coin adjustment with the action schema the server uses, errors at their fields', () => {
    const { result } = renderHook(() =>
      useZodForm(adminActions.admin_adjust_coins.input, { user_id: 7, amount: '0', reason: ' ' }),
    );
    let out: unknown;
    act(() => {
      out = result.current.validate();
    });
    expect(out).toBeNull();
    expect(result.current.errors).toEqual({ amount: 'Must not be zero', reason: 'Is required' });

    act(() => result.current.set('amount', '-50'));
    expect(result.current.errors.amount).toBeUndefined();
    act(() => result.current.set('reason', 'Goodwill after an outage'));
    act(() => {
      out = result.current.validate();
    });
    expect(out).toEqual({ user_id: 7, amount: -50, reason: 'Goodwill after an outage' });
    expect(result.current.errors).toEqual({});
  });

  it("puts a list's bad item on the list's field, and the screen's own errors beside the schema's", () => {
    const { result } = renderHook(() => useZodForm(systemConfigSchema, {}));
    act(() => {
      result.current.validate({ values: { payout_methods: ['paypal', 'Bad Code'] }, extra: { app_name: 'Mine' } });
    });
    expect(result.current.errors.payout_methods).toBe('Must be a code (a-z, 0-9, _)');
    expect(result.current.errors.app_name).toBe('Mine');
  });

  it("shows a server's 400 at the form's own field, a prefix and a list index stripped", () => {
    const err = new ApiError(
      'invalid_input',
      400,
      'config.payout_methods.1: must be a code (a-z, 0-9, _)',
      'config.payout_methods.1',
    );
    expect(serverFieldErrors(err, 'config.')).toEqual({ payout_methods: 'Must be a code (a-z, 0-9, _)' });
    expect(serverFieldErrors(new ApiError('not_found', 404, 'No such user.', 'user_id'))).toBeNull();
    expect(serverFieldErrors(new Error('boom'))).toBeNull();
  });
});
