// Type tests for the typed client: checked by `tsc -p web/tsconfig.json`, never run or bundled.
// Each @ts-expect-error fails the typecheck if the line below it ever starts to compile.
import {
  defineRoute,
  publicUserSchema,
  userIdParamsSchema,
  type CurrentUser,
  type Profile,
  type PublicUser,
} from '@saathi/contracts';
import {
  getCurrentUserRoute,
  getProfileRoute,
  loginRoute,
  logoutRoute,
  updateProfileRoute,
  validateResetTokenRoute,
} from './routes';
import { api } from './api-client';
import { routeRef } from './route-ref';

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

export async function _typedClientTypeTests(): Promise<void> {
  // Results are the route's first 2xx schema.
  const user: CurrentUser = await api.call(loginRoute, { body: { identifier: 'asha', password: 'pw' } });
  const me: CurrentUser = await api.call(getCurrentUserRoute);
  const profile: Profile = await api.call(getProfileRoute, { params: { userId: user.id } });
  const token = await api.call(validateResetTokenRoute, { params: { token: 't' } });
  const valid: boolean = token.valid;
  const found: PublicUser = await api.call(findUserRoute, { query: { userId: user.id } });
  await api.call(logoutRoute, { signal: new AbortController().signal });
  console.log(me, profile, valid, found);

  // @ts-expect-error a route reference whose path is not its descriptor's
  routeRef<typeof findUserContract>('GET', '/api/user');

  // @ts-expect-error a route reference whose method is not its descriptor's
  routeRef<typeof findUserContract>('POST', '/api/users');

  // @ts-expect-error a path string is not a route
  await api.call('/api/auth/login', { body: { identifier: 'asha', password: 'pw' } });

  // @ts-expect-error a misspelt body field
  await api.call(loginRoute, { body: { identifer: 'asha', password: 'pw' } });

  // @ts-expect-error an unknown body field
  await api.call(loginRoute, { body: { identifier: 'asha', password: 'pw', remember: true } });

  // @ts-expect-error a wrong field type
  await api.call(loginRoute, { body: { identifier: 'asha', password: 42 } });

  // @ts-expect-error the body is required
  await api.call(loginRoute);

  // @ts-expect-error the path parameter is missing
  await api.call(getProfileRoute, {});

  // @ts-expect-error a path parameter under the wrong name
  await api.call(getProfileRoute, { params: { id: user.id } });

  // @ts-expect-error a body on a route that declares none
  await api.call(getCurrentUserRoute, { body: { userId: user.id } });

  // @ts-expect-error params on a route without path parameters
  await api.call(loginRoute, { params: { userId: user.id }, body: { identifier: 'a', password: 'b' } });

  // @ts-expect-error a query parameter the route does not declare
  await api.call(findUserRoute, { query: { userId: user.id, radius: 5 } });

  // @ts-expect-error the query is required when the route declares one
  await api.call(findUserRoute);

  // @ts-expect-error the update needs both the user id and a body
  await api.call(updateProfileRoute, { params: { userId: user.id } });

  // @ts-expect-error a field the result does not have
  console.log((await api.call(getCurrentUserRoute)).usernme);
}
