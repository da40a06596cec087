import { describe, expect, it } from 'vitest';
import {
  DONATION_BANNER_SNOOZE_MS,
  DONATION_UPI_ID,
  isDonationBannerVisible,
  upiPaymentLink,
} from './donation';

describe('upiPaymentLink', () => {
  it('is a upi://pay link to the donation UPI id', () => {
    const link = upiPaymentLink();
    expect(link.startsWith('upi://pay?')).toBe(true);
    const query = new URLSearchParams(link.slice('upi://pay?'.length));
    expect(query.get('pa')).toBe(DONATION_UPI_ID);
    expect(query.get('pn')).toBe('Saathi');
    expect(query.get('cu')).toBe('INR');
  });
});

describe('isDonationBannerVisible', () => {
  const now = 1_700_000_000_000;

  it('shows when never dismissed or the stored value is unreadable', () => {
    expect(isDonationBannerVisible(null, now)).toBe(true);
    expect(isDonationBannerVisible('yesterday', now)).toBe(true);
  });

  it('stays hidden for 7 days after dismissal', () => {
    expect(isDonationBannerVisible(String(now), now)).toBe(false);
    expect(isDonationBannerVisible(String(now - DONATION_BANNER_SNOOZE_MS + 1), now)).toBe(false);
  });

  it('returns after 7 days', () => {
    expect(isDonationBannerVisible(String(now - DONATION_BANNER_SNOOZE_MS), now)).toBe(true);
  });
});
