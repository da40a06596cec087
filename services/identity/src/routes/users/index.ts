import { getPublicUserRoute, IdentityMessages } from '@saathi/contracts';
import { httpErrors, registerRoute } from '@saathi/platform';
import type { App } from '@saathi/platform';
import type { UserRow } from '../../db/schema';
import { toPublicUser } from '../../users-view';

export interface UsersRoutesDeps {
  findUser(userId: string): Promise<UserRow | undefined>;
}

export function usersRoutes(app: App, deps: UsersRoutesDeps): void {
  registerRoute(app, getPublicUserRoute, async (request) => {
    const user = await deps.findUser(request.params.userId);
    if (!user) throw httpErrors.notFound(IdentityMessages.userNotFound);
    return toPublicUser(user);
  });
}
