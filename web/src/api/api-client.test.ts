import { afterEach, describe, expect, it, vi } from 'vitest';
import { defineRoute, publicUserSchema, userIdParamsSchema } from '@saathi/contracts';
import {
  createProfileRoute,
  getCurrentUserRoute,
  getProfileRoute,
  googleStartRoute,
  listPostsRoute,
  loginRoute,
  logoutRoute,
  updateProfileRoute,
  uploadProfileImageRoute,
  validateResetTokenRoute,
} from './routes';
import { api, queryStringOf, urlOf } from './api-client';
import { routeRef } from './route-ref';
import { ApiError } from './api-error';

const userId = '7f0c3a2e-4b1d-4c8e-9a6f-2d5b8e1c0a93';
const user = {
  id: userId,
  username: 'asha',
  email: 'asha@example.com',
  phone: null,
  firstName: null,
  lastName: null,
  profileImageUrl: null,
  role: 'user',
  emailVerified: false,
  createdAt: '2024-01-01T00:00:00.000Z',
};
const profile = {
  id: '0b9f7c1e-5a2d-4e3f-8c6b-1a2b3c4d5e6f',
  userId,
  displayName: 'Asha Verma',
  bio: null,
  profileImageUrl: null,
  createdAt: '2024-01-01T00:00:00.000Z',
  updatedAt: '2024-01-01T00:00:00.000Z',
  interests: ['#hiking'],
  sharedInterests: [],
  memberSince: '2024-01',
  emailVerified: true,
};

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/** fetch answering from a list of responses per URL, in order. */
function stubFetch(byUrl: Record<string, Response[]>) {
  const fetchMock = vi.fn<typeof fetch>((input) => {
    const next = byUrl[input as string]?.shift();
    return Promise.resolve(next ?? new Response('no stub', { status: 599 }));
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

// No declared route has a query string yet; this one borrows identity's schemas to have one.
const findUserContract = defineRoute({
  service: 'identity',
  method: 'GET',
  path: '/api/users',
  access: 'user',
  query: userIdParamsSchema,
  response: { 200: publicUserSchema },
});
const findUserRoute = routeRef<typeof findUserContract>(findUserContract.method, findUserContract.path);

describe('URL building', () => {
  it('encodes path parameters', () => {
    expect(urlOf(validateResetTokenRoute, { params: { token: 'a b/c?d' } })).toBe(
      '/api/auth/validate-reset-token/a%20b%2Fc%3Fd',
    );
  });

  it('adds the query string, leaving out empty values and repeating arrays', () => {
    expect(urlOf(findUserRoute, { query: { userId } })).toBe(`/api/users?userId=${userId}`);
    expect(
      urlOf(listPostsRoute, {
        query: { latitude: 28.6139, longitude: 77.209, limit: 10, offset: 0, hashtag: undefined },
      }),
    ).toBe('/api/posts?latitude=28.6139&longitude=77.209&limit=10&offset=0');
    expect(
      queryStringOf({ q: 'gym & run', limit: 10, offset: 0, tag: ['a', 'b'], skip: undefined, none: null }),
    ).toBe('?q=gym+%26+run&limit=10&offset=0&tag=a&tag=b');
    expect(queryStringOf({ at: new Date('2024-01-02T03:04:05.000Z') })).toBe(
      '?at=2024-01-02T03%3A04%3A05.000Z',
    );
    expect(queryStringOf({})).toBe('');
    expect(queryStringOf(undefined)).toBe('');
  });

  it('refuses a call without its path parameter', () => {
    expect(() => urlOf(getProfileRoute, { params: {} })).toThrow('missing path parameter userId');
  });
});

describe('api.call', () => {
  it('calls the route with its method, cookies and the typed body as JSON, and returns the answer', async () => {
    const fetchMock = stubFetch({ '/api/auth/login': [json(user)] });
    const result = await api.call(loginRoute, { body: { identifier: 'asha', password: 'pw' } });
    expect(result).toEqual(user);
    expect(fetchMock).toHaveBeenCalledWith('/api/auth/login', {
      method: 'POST',
      credentials: 'include',
      headers: { 'Content-Type': 'application/json' },
      body: '{"identifier":"asha","password":"pw"}',
    });
  });

  it('fills in path parameters and sends no body on a GET', async () => {
    const fetchMock = stubFetch({ [`/api/profile/${userId}`]: [json(profile)] });
    await expect(api.call(getProfileRoute, { params: { userId } })).resolves.toEqual(profile);
    expect(fetchMock).toHaveBeenCalledWith(`/api/profile/${userId}`, {
      method: 'GET',
      credentials: 'include',
    });
  });

  it('sends a PUT with params and body', async () => {
    const fetchMock = stubFetch({ [`/api/profile/${userId}`]: [json(profile)] });
    await api.call(updateProfileRoute, { params: { userId }, body: { displayName: 'Asha Verma' } });
    expect(fetchMock.mock.calls[0]?.[1]).toMatchObject({
      method: 'PUT',
      body: '{"displayName":"Asha Verma"}',
    });
  });

  it('sends FormData as is, without a content type of its own', async () => {
    const fetchMock = stubFetch({ '/api/upload/profile-image': [json({ imageUrl: '/i/1' }, 201)] });
    const form = new FormData();
    form.set('imageType', 'image/png');
    // The route declares a JSON body; FormData still passes through untouched.
    await api.call(uploadProfileImageRoute, { body: form as never });
    expect(fetchMock).toHaveBeenCalledWith('/api/upload/profile-image', {
      method: 'POST',
      credentials: 'include',
      body: form,
    });
  });

  it('passes the abort signal on', async () => {
    const fetchMock = stubFetch({ '/api/auth/user': [json(user)] });
    const controller = new AbortController();
    await api.call(getCurrentUserRoute, { signal: controller.signal });
    expect(fetchMock.mock.calls[0]?.[1]?.signal).toBe(controller.signal);
  });

  it('renews an expired access token once through GET /api/auth/session and replays the call', async () => {
    const fetchMock = stubFetch({
      [`/api/profile/${userId}`]: [json({ message: 'Unauthorized' }, 401), json(profile)],
      '/api/auth/session': [json({ user })],
    });
    await expect(api.call(getProfileRoute, { params: { userId } })).resolves.toEqual(profile);
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual([
      `/api/profile/${userId}`,
      '/api/auth/session',
      `/api/profile/${userId}`,
    ]);
  });

  it('gives up with the 401 when the session is really over', async () => {
    stubFetch({
      [`/api/profile/${userId}`]: [json({ message: 'Unauthorized' }, 401)],
      '/api/auth/session': [json({ user: null })],
    });
    const error = await api.call(getProfileRoute, { params: { userId } }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 401, message: 'Unauthorized', serverMessage: 'Unauthorized' });
  });

  it('refuses routes that are reached by browser navigation', async () => {
    const fetchMock = stubFetch({});
    await expect(api.call(googleStartRoute)).rejects.toThrow('browser navigation');
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

describe('ApiError', () => {
  it('carries the status, the parsed JSON body and the server message', async () => {
    const body = { message: 'Username is already taken', code: 'USERNAME_TAKEN' };
    stubFetch({ '/api/auth/login': [json(body, 409)] });
    const error = await api
      .call(loginRoute, { body: { identifier: 'asha', password: 'pw' } })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      name: 'ApiError',
      status: 409,
      body,
      message: 'Username is already taken',
    });
  });

  it('keeps a JSON body without a message, with a generic error message', async () => {
    stubFetch({ '/api/auth/login': [json({ code: 'X' }, 400)] });
    const error = await api
      .call(loginRoute, { body: { identifier: 'asha', password: 'pw' } })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 400, body: { code: 'X' }, serverMessage: undefined });
    expect((error as ApiError).message).toBe('Request failed with status 400');
  });

  it('has no body for a non-JSON answer: short text becomes the message, HTML does not', async () => {
    stubFetch({ '/api/auth/user': [new Response('Too many requests, slow down', { status: 429 })] });
    expect(await api.call(getCurrentUserRoute).catch((e: unknown) => e)).toMatchObject({
      status: 429,
      body: undefined,
      message: 'Too many requests, slow down',
    });

    stubFetch({ '/api/auth/user': [new Response('<html><h1>Bad gateway</h1></html>', { status: 502 })] });
    expect(await api.call(getCurrentUserRoute).catch((e: unknown) => e)).toMatchObject({
      status: 502,
      body: undefined,
      serverMessage: undefined,
      message: 'Request failed with status 502',
    });

    stubFetch({ '/api/auth/user': [new Response('', { status: 503, statusText: 'Service Unavailable' })] });
    expect(await api.call(getCurrentUserRoute).catch((e: unknown) => e)).toMatchObject({
      status: 503,
      body: undefined,
      message: 'Service Unavailable',
    });
  });
});

describe('response validation in development builds and tests', () => {
  it('throws a clear error when the answer does not match the route contract', async () => {
    stubFetch({ '/api/auth/logout': [new Response(null, { status: 204 })] });
    await expect(api.call(logoutRoute)).rejects.toThrow(
      'POST /api/auth/logout answered 204 with a body its contract does not allow: (body): ',
    );

    stubFetch({ '/api/auth/user': [json({ ...user, username: 42, role: undefined })] });
    await expect(api.call(getCurrentUserRoute)).rejects.toThrow(
      /^GET \/api\/auth\/user answered 200 with a body its contract does not allow: username: .*; role: /,
    );
  });

  it('refuses an answer from a route that no service declares', async () => {
    stubFetch({ '/api/users?userId=x': [json(user)] });
    await expect(api.call(findUserRoute, { query: { userId: 'x' } })).rejects.toThrow(
      "GET /api/users is not declared by any service's contract",
    );
  });

  it('checks the schema declared for the status that came back', async () => {
    stubFetch({ '/api/profile': [json({ ...profile, userId: 'not-a-uuid' }, 201)] });
    await expect(api.call(createProfileRoute, { body: {} })).rejects.toThrow(
      'POST /api/profile answered 201 with a body its contract does not allow: userId:',
    );
  });
});
