import { IdentityMessages } from '@saathi/contracts';
import { httpErrors } from '@saathi/platform';
import type { App } from '@saathi/platform';
import type { IdentityContext } from '../../context';
import { toPublicUser } from '../../users-view';
import { requireSession } from '../require-session';
import { getUserSchema } from './schema';

export function registerUsersRoutes(app: App, ctx: IdentityContext): void {
  app.get('/api/users/:userId', { schema: getUserSchema }, async (request) => {
    await requireSession(ctx, request);
    const user = await ctx.repos.users.findById(request.params.userId);
    if (!user) throw httpErrors.notFound(IdentityMessages.userNotFound);
    return toPublicUser(user);
  });
}
