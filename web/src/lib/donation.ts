// Donations: a UPI payment link, and a banner that stays away for 7 days after it is dismissed.
import { PRODUCT_NAME } from '@saathi/contracts';

/** The UPI id donations go to (the one place it is written). */
export const DONATION_UPI_ID = 'saathi.community@upi';

export const DONATION_BANNER_DISMISSED_KEY = 'donationBannerDismissed';
export const DONATION_BANNER_SNOOZE_MS = 7 * 24 * 60 * 60 * 1000;

/** A `upi://pay` link that opens the visitor's UPI app with the payee filled in. */
export function upiPaymentLink(upiId: string = DONATION_UPI_ID, payeeName: string = PRODUCT_NAME): string {
  const query = new URLSearchParams({
    pa: upiId,
    pn: payeeName,
    cu: 'INR',
    tn: `Donation to ${payeeName}`,
  });
  return `upi://pay?${query.toString()}`;
}

/** Shown unless dismissed less than 7 days ago; an unreadable stored value counts as never dismissed. */
export function isDonationBannerVisible(dismissedAt: string | null, now: number = Date.now()): boolean {
  if (!dismissedAt) return true;
  const at = Number(dismissedAt);
  if (!Number.isFinite(at)) return true;
  return now - at >= DONATION_BANNER_SNOOZE_MS;
}
