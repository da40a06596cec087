import { afterEach, describe, expect, it, vi } from 'vitest';
import { fetchWithSession, onSessionAnswer, renewSession } from './session-fetch';

afterEach(() => {
  vi.unstubAllGlobals();
});

const SESSION = '/api/auth/session';
const signedIn = JSON.stringify({ user: { id: 'u1' } });
const signedOut = JSON.stringify({ user: null });

/** Answers per URL, in order: a status with an empty object, or [status, body]. */
function stubResponses(byUrl: Record<string, (number | [number, string])[]>) {
  const fetchMock = vi.fn<typeof fetch>((input) => {
    const next = byUrl[input as string]!.shift() ?? 500;
    const [status, body] = typeof next === 'number' ? [next, '{}'] : next;
    return Promise.resolve(new Response(body, { status }));
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

describe('fetchWithSession', () => {
  it('renews an expired access token once and replays the request', async () => {
    const fetchMock = stubResponses({ '/api/profile/u1': [401, 200], [SESSION]: [[200, signedIn]] });
    const res = await fetchWithSession('/api/profile/u1', { method: 'GET' });
    expect(res.status).toBe(200);
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual(['/api/profile/u1', SESSION, '/api/profile/u1']);
  });

  it('gives back the 401 when the session is really over', async () => {
    const fetchMock = stubResponses({ '/api/profile/u1': [401], [SESSION]: [[200, signedOut]] });
    expect((await fetchWithSession('/api/profile/u1', {})).status).toBe(401);
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('shares one renewal between concurrent 401s and never renews for /api/auth calls', async () => {
    const fetchMock = stubResponses({
      '/api/a': [401, 200],
      '/api/b': [401, 200],
      [SESSION]: [[200, signedIn]],
    });
    await Promise.all([fetchWithSession('/api/a', {}), fetchWithSession('/api/b', {})]);
    expect(fetchMock.mock.calls.filter(([url]) => url === SESSION)).toHaveLength(1);

    const login = stubResponses({ '/api/auth/login': [401] });
    expect((await fetchWithSession('/api/auth/login', { method: 'POST' })).status).toBe(401);
    expect(login).toHaveBeenCalledTimes(1);
  });

  it("tells the session's listeners whom the server answered for, and nothing after a network failure", async () => {
    const answers: (string | null)[] = [];
    const stop = onSessionAnswer((userId) => answers.push(userId));
    stubResponses({
      '/api/profile/u1': [401, 200, 401],
      [SESSION]: [[200, signedIn], [200, signedOut], 503],
    });
    expect((await fetchWithSession('/api/profile/u1', {})).status).toBe(200);
    expect((await fetchWithSession('/api/profile/u1', {})).status).toBe(401);
    expect(await renewSession()).toBe(false); // a 503: no answer about the session
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
    );
    expect(await renewSession()).toBe(false);
    expect(answers).toEqual(['u1', null]);
    stop();
  });
});
