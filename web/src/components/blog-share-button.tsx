import { Share2 } from 'lucide-react';
import { shareStory, shareToast } from '../lib/blog-share';
import { toast } from '../lib/toast-store';
import { useCopyToClipboard } from '../lib/use-copy-to-clipboard';
import { buttonSecondary } from './ui';

/** Shares the story through the device's share sheet, else copies its link (with a toast). */
export function BlogShareButton({ title, url, label }: { title: string; url: string; label: string }) {
  const { copy } = useCopyToClipboard();
  const onShare = async () => {
    const canShare = typeof navigator.share === 'function';
    const outcome = await shareStory(
      { title, url },
      { share: canShare ? (data) => navigator.share(data) : undefined, copy },
    );
    const message = shareToast(outcome);
    if (message) toast(message);
  };
  return (
    <button type="button" className={buttonSecondary} onClick={() => void onShare()}>
      <Share2 className="h-4 w-4" aria-hidden="true" /> {label}
    </button>
  );
}
