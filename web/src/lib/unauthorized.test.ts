import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../api/api-error';
import { getToasts } from './toast-store';
import { handleUnauthorized, isUnauthorized } from './unauthorized';

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('handleUnauthorized', () => {
  it('on a 401 says the user is logged out, then goes to /api/login after 500 ms', () => {
    const navigate = vi.fn();
    expect(handleUnauthorized(new ApiError(401, { serverMessage: 'Unauthorized' }), navigate)).toBe(true);
    expect(getToasts()[0]).toMatchObject({
      title: 'Unauthorized',
      description: 'You are logged out. Logging in again...',
    });
    vi.advanceTimersByTime(499);
    expect(navigate).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(navigate).toHaveBeenCalledWith('/api/login');
  });

  it('leaves other failures to the caller', () => {
    const navigate = vi.fn();
    expect(handleUnauthorized(new ApiError(403, { serverMessage: 'Forbidden' }), navigate)).toBe(false);
    expect(handleUnauthorized(new TypeError('Failed to fetch'), navigate)).toBe(false);
    expect(isUnauthorized(new Error('401: Unauthorized'))).toBe(false);
    vi.runAllTimers();
    expect(navigate).not.toHaveBeenCalled();
  });
});
