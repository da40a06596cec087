import { useEffect } from 'react';
import { claimPushSubscriptionFor } from './push-subscription';

/**
 * Once the signed-in person is known, this browser's push subscription is stored for them
 * (`claimPushSubscriptionFor`, which does nothing where notifications are not allowed).
 */
export function usePushOwner(userId: string | undefined): void {
  useEffect(() => {
    if (userId) void claimPushSubscriptionFor(userId);
  }, [userId]);
}
