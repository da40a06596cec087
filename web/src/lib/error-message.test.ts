import { describe, expect, it } from 'vitest';
import { errorStatus, isHttpError, serverMessage } from './error-message';

describe('serverMessage', () => {
  it('reads the message field of a JSON body', () => {
    expect(serverMessage(new Error('409: {"message":"Username is already taken"}'))).toBe(
      'Username is already taken',
    );
  });

  it('uses a short plain-text body as the message', () => {
    expect(serverMessage(new Error('503: Service Unavailable'))).toBe('Service Unavailable');
  });

  it('returns undefined for JSON without a message, HTML bodies and non-HTTP errors', () => {
    expect(serverMessage(new Error('400: {"code":"X"}'))).toBeUndefined();
    expect(serverMessage(new Error('502: <html>bad gateway</html>'))).toBeUndefined();
    expect(serverMessage(new TypeError('Failed to fetch'))).toBeUndefined();
    expect(serverMessage('nope')).toBeUndefined();
  });
});

describe('errorStatus', () => {
  it('reads the status code prefix', () => {
    expect(errorStatus(new Error('401: {"message":"Unauthorized"}'))).toBe(401);
    expect(errorStatus(new Error('Failed to fetch'))).toBeUndefined();
    expect(isHttpError(new Error('404: Not Found'))).toBe(true);
    expect(isHttpError(new TypeError('Failed to fetch'))).toBe(false);
  });
});
