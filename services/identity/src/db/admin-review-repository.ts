import { queryRows } from '@saathi/platform';
import type { Db } from '@saathi/platform';
import { sql } from 'drizzle-orm';

export interface PersonForReview {
  id: string;
  username: string;
  displayName: string | null;
  bio: string | null;
  joinedAt: Date;
  suspended: boolean;
}

type PersonRow = {
  id: string;
  username: string;
  display_name: string | null;
  bio: string | null;
  created_at: Date | string;
  suspended_at: Date | string | null;
};

/** What an admin reviewing a reported person reads: never their email or sign-in details. */
export class AdminReviewRepository {
  constructor(private readonly db: Db) {}

  async findPerson(id: string): Promise<PersonForReview | undefined> {
    const [person] = await queryRows<PersonRow>(
      this.db,
      sql`select u.id, u.username, p.display_name, p.bio, u.created_at, u.suspended_at
            from identity.users u left join identity.user_profiles p on p.user_id = u.id
           where u.id = ${id}`,
    );
    if (!person) return undefined;
    return {
      id: person.id,
      username: person.username,
      displayName: person.display_name,
      bio: person.bio,
      joinedAt: new Date(person.created_at),
      suspended: person.suspended_at !== null,
    };
  }
}
