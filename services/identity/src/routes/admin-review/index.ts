import { ModerationMessages, reviewPersonRoute } from '@saathi/contracts';
import { httpErrors, queryRows, registerRoute } from '@saathi/platform';
import type { App, Db } from '@saathi/platform';
import { sql } from 'drizzle-orm';

type PersonRow = {
  id: string;
  username: string;
  display_name: string | null;
  bio: string | null;
  created_at: Date | string;
  suspended_at: Date | string | null;
};

/**
 * Admins only (the route's `access`): a reported person's profile as identity stores it (what
 * others see of them, and whether they are suspended), never their email or sign-in details.
 * 404 once the account is deleted.
 */
export function adminReviewRoutes(app: App, deps: { db: Db }): void {
  registerRoute(app, reviewPersonRoute, async (request) => {
    const [person] = await queryRows<PersonRow>(
      deps.db,
      sql`select u.id, u.username, p.display_name, p.bio, u.created_at, u.suspended_at
            from identity.users u left join identity.user_profiles p on p.user_id = u.id
           where u.id = ${request.params.id}`,
    );
    if (!person) throw httpErrors.notFound(ModerationMessages.itemGone);
    return {
      id: person.id,
      username: person.username,
      displayName: person.display_name,
      bio: person.bio,
      joinedAt: new Date(person.created_at).toISOString(),
      suspended: person.suspended_at !== null,
    };
  });
}
