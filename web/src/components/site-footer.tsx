import { Heart } from 'lucide-react';
import { upiPaymentLink } from '../lib/donation';
import { DonationBanner } from './donation-banner';

/** The home screen's footer: the donation banner, who we are, and the UPI donation link. */
export function SiteFooter() {
  return (
    <footer className="mx-auto max-w-5xl space-y-4 px-4 pt-4 pb-24">
      <DonationBanner />
      <div className="flex flex-col items-center gap-3 border-t border-slate-200 pt-6 text-center text-sm text-slate-600">
        <p>Saathi is a non-profit, community-funded app. Built with love in India, Data never sold.</p>
        <a
          href={upiPaymentLink()}
          className="tap-target relative inline-flex items-center gap-2 rounded-lg border border-rose-300 bg-white px-4 py-2 font-semibold text-rose-800 hover:bg-rose-50 focus-visible:ring-2 focus-visible:ring-rose-700 focus-visible:outline-none"
        >
          <Heart className="h-4 w-4" aria-hidden="true" />
          Donate via UPI
        </a>
      </div>
    </footer>
  );
}
