import { IdentityMessages } from '@saathi/contracts';
import { HttpError } from '@saathi/platform';

/**
 * The author is suspended: their session is being ended, and what they write meanwhile is
 * refused (a 403 to a request; the repeat sweep skips their series until they are reinstated).
 * Thrown where a write first locks its author (`AuthorsRepository.ensureWriter`).
 */
export class AuthorSuspended extends HttpError {
  constructor() {
    super(403, IdentityMessages.accountSuspended, 'ACCOUNT_SUSPENDED');
  }
}
