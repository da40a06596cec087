import { IdentityMessages } from '@saathi/contracts';
import { Outcome } from '@saathi/platform';
import type { AuthUser } from '@saathi/platform';
import type { AuthorsRepository } from '../db/authors-repository';

/**
 * The author is suspended: their session is being ended, and what they write meanwhile is
 * refused (a 403 to a request; the repeat sweep skips their series until they are reinstated).
 */
export class AuthorSuspended extends Outcome {
  constructor() {
    super('forbidden', IdentityMessages.accountSuspended, { code: 'ACCOUNT_SUSPENDED' });
  }
}

/** The first step of every write: the writer's author row, locked; a suspended writer is refused. */
export async function ensureActiveWriter(
  authors: AuthorsRepository,
  writer: Pick<AuthUser, 'id' | 'username'>,
): Promise<void> {
  if ((await authors.ensureWriter(writer.id, writer.username)).suspended) throw new AuthorSuspended();
}
