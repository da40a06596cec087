import { useEffect } from 'react';

/**
 * Once the signed-in person is known, this browser's push subscription is stored for them
 * (`claimPushSubscriptionFor`). The module loads only where notifications are allowed, so the
 * first screen of everyone else carries none of it.
 */
export function usePushOwner(userId: string | undefined): void {
  useEffect(() => {
    if (!userId || !('Notification' in window) || Notification.permission !== 'granted') return;
    void import('./push-subscription').then(({ claimPushSubscriptionFor }) =>
      claimPushSubscriptionFor(userId),
    );
  }, [userId]);
}
