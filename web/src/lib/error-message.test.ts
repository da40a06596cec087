import { describe, expect, it } from 'vitest';
import { ApiError } from '../api/api-error';
import { serverMessage } from './error-message';

function answer(status: number, body: string, statusText = ''): Promise<ApiError> {
  return ApiError.fromResponse(new Response(body, { status, statusText }));
}

describe('serverMessage', () => {
  it('reads the message field of a JSON body', async () => {
    expect(serverMessage(await answer(409, '{"message":"Username is already taken"}'))).toBe(
      'Username is already taken',
    );
  });

  it('uses a short plain-text body, or the status text of an empty one, as the message', async () => {
    expect(serverMessage(await answer(429, 'Slow down'))).toBe('Slow down');
    expect(serverMessage(await answer(503, '', 'Service Unavailable'))).toBe('Service Unavailable');
  });

  it('returns undefined for JSON without a message, HTML bodies and non-HTTP errors', async () => {
    expect(serverMessage(await answer(400, '{"code":"X"}'))).toBeUndefined();
    expect(serverMessage(await answer(400, '{"message":"  "}'))).toBeUndefined();
    expect(serverMessage(await answer(502, '<html>bad gateway</html>'))).toBeUndefined();
    expect(serverMessage(new TypeError('Failed to fetch'))).toBeUndefined();
    expect(serverMessage(new Error('401: {"message":"Unauthorized"}'))).toBeUndefined();
    expect(serverMessage('nope')).toBeUndefined();
  });
});
