import { useState } from 'react';
import { HeartHandshake, X } from 'lucide-react';
import { DONATION_BANNER_DISMISSED_KEY, isDonationBannerVisible, upiPaymentLink } from '../lib/donation';
import { useLocalStorageValue } from '../lib/use-local-storage-value';

/** A gentle ask for support; dismissing it hides it for 7 days. */
export function DonationBanner() {
  const [dismissedAt, setDismissedAt] = useLocalStorageValue(DONATION_BANNER_DISMISSED_KEY);
  const [now] = useState(() => Date.now());
  if (!isDonationBannerVisible(dismissedAt, now)) return null;

  return (
    <section
      aria-labelledby="donation-banner-title"
      className="relative flex items-start gap-3 rounded-2xl border border-rose-200 bg-rose-50 p-4 pr-12 text-rose-950"
    >
      <HeartHandshake className="mt-0.5 h-5 w-5 shrink-0" aria-hidden="true" />
      <div>
        <h2 id="donation-banner-title" className="font-semibold">
          Keep Saathi free for everyone
        </h2>
        <p className="mt-1 text-sm">
          Saathi is non-profit and funded by its community. If it helped you find a partner, consider
          supporting it.{' '}
          <a href={upiPaymentLink()} className="font-semibold underline underline-offset-2">
            Support with UPI
          </a>
        </p>
      </div>
      <button
        type="button"
        aria-label="Dismiss donation banner"
        onClick={() => setDismissedAt(String(Date.now()))}
        className="tap-target absolute top-3 right-3 rounded-md p-1 text-rose-900 hover:bg-rose-100 focus-visible:ring-2 focus-visible:ring-rose-700 focus-visible:outline-none"
      >
        <X className="h-4 w-4" aria-hidden="true" />
      </button>
    </section>
  );
}
