import { z } from 'zod';
import { defineEvent } from './envelope';

/**
 * A person deleted their account. Identity has already erased it and ended every session; each
 * service erases or anonymises what it holds about them (docs/privacy.md says what and why).
 */
export const userDeletedV1 = defineEvent('identity.user.deleted.v1', z.object({ userId: z.uuid() }));
