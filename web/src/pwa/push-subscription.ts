// This browser's Web Push subscription: turning it on (permission, subscribe, store it with the
// notification service), off, and forgetting it when the person signs out here. The server keeps
// one subscription per browser (docs/notifications.md).
import { api } from '../api/api-client';
import { deletePushSubscriptionRoute, getPushKeyRoute, savePushSubscriptionRoute } from '../api/routes';
import { pushSupportOf, type PushSupport } from './push-prompt-rule';

/** How long signing out waits for the subscription to be forgotten before it goes ahead anyway. */
const FORGET_ON_SIGN_OUT_MS = 3_000;

/** What this browser can do about push, from what it has. */
export function pushSupport(): PushSupport {
  return pushSupportOf({
    hasServiceWorker: 'serviceWorker' in navigator,
    hasPushManager: 'PushManager' in window,
    hasNotification: 'Notification' in window,
    userAgent: navigator.userAgent,
    maxTouchPoints: navigator.maxTouchPoints,
    standalone:
      window.matchMedia('(display-mode: standalone)').matches ||
      (navigator as Navigator & { standalone?: boolean }).standalone === true,
  });
}

/** `Notification.permission`, or null where there is no Notification API. */
export function notificationPermission(): NotificationPermission | null {
  return 'Notification' in window ? Notification.permission : null;
}

/** The subscription this browser holds now, if any (no worker yet: none). */
export async function currentPushSubscription(): Promise<PushSubscription | null> {
  if (!('serviceWorker' in navigator) || !('PushManager' in window)) return null;
  const registration = await navigator.serviceWorker.getRegistration();
  return (await registration?.pushManager.getSubscription()) ?? null;
}

/** The active worker's registration; installs it now if the page has not done so yet (it waits for idle). */
async function activeRegistration(): Promise<ServiceWorkerRegistration> {
  if (!(await navigator.serviceWorker.getRegistration())) await navigator.serviceWorker.register('/sw.js');
  return navigator.serviceWorker.ready;
}

function bytesOfBase64Url(text: string): Uint8Array<ArrayBuffer> {
  const base64 = text.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  return Uint8Array.from(binary, (char) => char.charCodeAt(0));
}

function sameBytes(a: ArrayBuffer | null, b: Uint8Array): boolean {
  if (!a || a.byteLength !== b.byteLength) return false;
  const bytes = new Uint8Array(a);
  return bytes.every((byte, index) => byte === b[index]);
}

/** The body the notification service stores: `PushSubscription.toJSON()` without its expiry. */
function subscriptionBody(subscription: PushSubscription) {
  const { endpoint, keys } = subscription.toJSON();
  return {
    endpoint: endpoint ?? subscription.endpoint,
    keys: { p256dh: keys?.p256dh ?? '', auth: keys?.auth ?? '' },
  };
}

export type TurnOnResult = 'on' | 'denied' | 'dismissed';

/**
 * Asks the browser's permission, subscribes with the service's key and stores the subscription.
 * `denied`: the person (or the browser) refused; `dismissed`: they closed the browser's question.
 * Throws when subscribing or storing fails.
 */
export async function turnOnPush(): Promise<TurnOnResult> {
  const permission = await Notification.requestPermission();
  if (permission === 'denied') return 'denied';
  if (permission !== 'granted') return 'dismissed';
  const [registration, { publicKey }] = await Promise.all([activeRegistration(), api.call(getPushKeyRoute)]);
  const applicationServerKey = bytesOfBase64Url(publicKey);
  let subscription = await registration.pushManager.getSubscription();
  // Made with a key the service no longer has (its keys were replaced): pushes to it would fail.
  if (subscription && !sameBytes(subscription.options.applicationServerKey, applicationServerKey)) {
    await subscription.unsubscribe();
    subscription = null;
  }
  subscription ??= await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey });
  await api.call(savePushSubscriptionRoute, { body: subscriptionBody(subscription) });
  return 'on';
}

/** The service forgets this browser, then the browser drops the subscription. */
export async function turnOffPush(): Promise<void> {
  const subscription = await currentPushSubscription();
  if (!subscription) return;
  await api.call(deletePushSubscriptionRoute, { body: { endpoint: subscription.endpoint } });
  await subscription.unsubscribe();
}

/** Who this browser's subscription was last stored for (an id, nothing else). */
const PUSH_OWNER_KEY = 'saathi.pushOwner';

/**
 * Whoever is signed in here now: a subscription this browser still holds (its last person's
 * session ended without signing out here) moves to them, once per person, however they signed in
 * (password, Google's redirect, another tab). So pushes here are theirs, not the previous
 * person's. Never fails.
 */
export async function claimPushSubscriptionFor(userId: string): Promise<void> {
  try {
    if (notificationPermission() !== 'granted') return;
    if (localStorage.getItem(PUSH_OWNER_KEY) === userId) return;
    const subscription = await currentPushSubscription();
    if (subscription) await api.call(savePushSubscriptionRoute, { body: subscriptionBody(subscription) });
    localStorage.setItem(PUSH_OWNER_KEY, userId);
  } catch {
    // The profile's switch shows this browser's state; turning it on again stores it.
  }
}

/**
 * Before signing out of this browser: nobody signed out should get the account's pushes here.
 * Never fails and never holds the sign-out up for long (the browser drops its subscription even
 * when the service could not be told; the service drops an endpoint that answers 404 or 410).
 */
export async function forgetPushOnSignOut(): Promise<void> {
  const forget = async () => {
    localStorage.removeItem(PUSH_OWNER_KEY);
    const subscription = await currentPushSubscription();
    if (!subscription) return;
    try {
      await api.call(deletePushSubscriptionRoute, { body: { endpoint: subscription.endpoint } });
    } finally {
      await subscription.unsubscribe();
    }
  };
  let timer: ReturnType<typeof setTimeout> | undefined;
  await Promise.race([
    forget().catch(() => undefined),
    new Promise((resolve) => (timer = setTimeout(resolve, FORGET_ON_SIGN_OUT_MS))),
  ]);
  clearTimeout(timer);
}
