import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-error';
import { apiJson, apiRequest, readJson } from './api-request';
import { createQueryClient, retryTransient } from './query-client';

function stubFetch(response: Response) {
  const fetchMock = vi.fn<typeof fetch>().mockResolvedValue(response);
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('apiRequest', () => {
  it('sends JSON bodies with a JSON content type and cookies', async () => {
    const fetchMock = stubFetch(new Response('{"ok":true}', { status: 200 }));
    await expect(apiJson('POST', '/api/feedback', { type: 'bug', content: 'x' })).resolves.toEqual({
      ok: true,
    });
    expect(fetchMock).toHaveBeenCalledWith('/api/feedback', {
      method: 'POST',
      credentials: 'include',
      headers: { 'Content-Type': 'application/json' },
      body: '{"type":"bug","content":"x"}',
    });
  });

  it('sends FormData as is, without a content type of its own', async () => {
    const fetchMock = stubFetch(new Response(null, { status: 204 }));
    const form = new FormData();
    form.set('a', 'b');
    await apiRequest('POST', '/api/upload', form);
    expect(fetchMock).toHaveBeenCalledWith('/api/upload', {
      method: 'POST',
      credentials: 'include',
      body: form,
    });
  });

  it('sends no body and no content type without a payload', async () => {
    const fetchMock = stubFetch(new Response(null, { status: 204 }));
    await expect(apiJson('POST', '/api/auth/logout')).resolves.toBeUndefined();
    expect(fetchMock).toHaveBeenCalledWith('/api/auth/logout', { method: 'POST', credentials: 'include' });
  });

  it('turns a non-2xx answer into an ApiError', async () => {
    stubFetch(new Response('{"message":"Username is already taken"}', { status: 409 }));
    const error = await apiRequest('POST', '/api/auth/register', {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 409,
      body: { message: 'Username is already taken' },
      message: 'Username is already taken',
    });
  });
});

describe('query client', () => {
  it('has no default query function: a query without its own fails and fetches nothing', async () => {
    const fetchMock = stubFetch(new Response('{"id":"p1"}', { status: 200 }));
    const client = createQueryClient();
    expect(client.getDefaultOptions().queries?.queryFn).toBeUndefined();
    await expect(client.query({ queryKey: ['posts', 'one', 'p1'] })).rejects.toThrow(/queryFn/);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('retries reads only after transient failures, never writes; never goes stale, no refetch on focus', () => {
    const defaults = createQueryClient().getDefaultOptions();
    expect(defaults.queries).toMatchObject({
      retry: retryTransient,
      staleTime: Infinity,
      refetchOnWindowFocus: false,
      refetchInterval: false,
    });
    expect(defaults.mutations).toMatchObject({ retry: false });
    const status = (code: number) => new ApiError(code, { serverMessage: 'x' });
    for (const code of [429, 502, 503, 504]) expect(retryTransient(0, status(code))).toBe(true);
    expect(retryTransient(1, new TypeError('Failed to fetch'))).toBe(true);
    for (const code of [400, 401, 403, 404, 500]) expect(retryTransient(0, status(code))).toBe(false);
    expect(retryTransient(2, status(503))).toBe(false);
  });

  it('shows fresh data after a refetch that first failed with 429', async () => {
    const client = createQueryClient();
    const thing = {
      queryKey: ['thing'],
      queryFn: async () => readJson(await apiRequest('GET', '/api/thing')),
    };
    stubFetch(new Response('{"n":1}', { status: 200 }));
    await client.query(thing);
    const calls: Response[] = [
      new Response('{"message":"Too many"}', { status: 429 }),
      new Response('{"n":2}'),
    ];
    vi.stubGlobal('fetch', () => Promise.resolve(calls.shift()!));
    await client.refetchQueries({ queryKey: thing.queryKey });
    expect(client.getQueryData(thing.queryKey)).toEqual({ n: 2 });
  });
});
