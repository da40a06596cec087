// What a tab does when its current user changes under it (a refetch found nobody, or another
// account), and the clean-up every sign-out shares: the socket first, then the cache.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import type { AuthMessage } from '../api/auth-broadcast';
import { currentUserKey } from '../api/query-keys';
import { clearSignedInData, onSignOutHere } from '../api/sign-out';
import { watchCurrentUser } from './use-auth-sync';

const posted = vi.hoisted((): AuthMessage[] => []);
vi.mock('../api/auth-broadcast', () => ({
  authChannel: () => ({
    post: (message: AuthMessage) => posted.push(message),
    subscribe: () => () => undefined,
    close: () => undefined,
  }),
}));

afterEach(() => {
  posted.length = 0;
});

const user = (id: string) => ({ id, username: id });
const conversationsKey = ['conversations'];
const feedKey = ['posts', 'nearby'];

function clientWith(userId: string | null): QueryClient {
  const queryClient = new QueryClient();
  queryClient.setQueryData(currentUserKey, userId ? user(userId) : null);
  queryClient.setQueryData(conversationsKey, [{ id: 'c1', lastMessage: 'see you at six' }]);
  queryClient.setQueryData(feedKey, []);
  return queryClient;
}

const cachedKeys = (queryClient: QueryClient) =>
  queryClient
    .getQueryCache()
    .getAll()
    .map((query) => query.queryKey[0]);

describe('watchCurrentUser', () => {
  it("drops the old user's data the moment the session turns out to be someone else's, and says who", () => {
    const queryClient = clientWith('u1');
    const stop = watchCurrentUser(queryClient);
    expect(posted).toEqual([{ type: 'signed-in', userId: 'u1' }]); // already signed in: told at once

    queryClient.setQueryData(currentUserKey, user('u1')); // the same person again: nothing to do
    expect(cachedKeys(queryClient)).toContain(conversationsKey[0]);

    queryClient.setQueryData(currentUserKey, user('u2'));
    expect(cachedKeys(queryClient)).toEqual([currentUserKey[0]]);
    expect(posted).toEqual([
      { type: 'signed-in', userId: 'u1' },
      { type: 'signed-in', userId: 'u2' },
    ]);
    stop();
  });

  it('drops it too when the session is found over, and keeps a visitor cache on sign-in', () => {
    const queryClient = clientWith('u1');
    const stop = watchCurrentUser(queryClient);
    queryClient.setQueryData(currentUserKey, null);
    expect(cachedKeys(queryClient)).toEqual([currentUserKey[0]]);
    expect(posted).toEqual([{ type: 'signed-in', userId: 'u1' }]); // a sign-out is announced where it happens

    // Signing in from nobody leaves the public data a visitor had loaded.
    queryClient.setQueryData(feedKey, []);
    queryClient.setQueryData(currentUserKey, user('u3'));
    expect(cachedKeys(queryClient)).toContain(feedKey[0]);
    expect(posted.at(-1)).toEqual({ type: 'signed-in', userId: 'u3' });
    stop();
  });
});

describe('clearSignedInData', () => {
  it('closes the socket before the cache empties, then leaves only a null current user', () => {
    const queryClient = clientWith('u1');
    const seenAtClose: unknown[] = [];
    const stop = onSignOutHere(() => seenAtClose.push(queryClient.getQueryData(conversationsKey)));
    clearSignedInData(queryClient);
    expect(seenAtClose).toHaveLength(1);
    expect(seenAtClose[0]).toBeDefined();
    expect(cachedKeys(queryClient)).toEqual([currentUserKey[0]]);
    expect(queryClient.getQueryData(currentUserKey)).toBeNull();

    stop();
    clearSignedInData(queryClient);
    expect(seenAtClose).toHaveLength(1);
  });
});
