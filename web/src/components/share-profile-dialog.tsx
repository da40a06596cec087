import * as Dialog from '@radix-ui/react-dialog';
import { SHARE_TARGETS, shareUrl, type ShareTarget } from '../lib/share-links';
import { CopyLinkField } from './copy-link-field';
import { DialogCloseButton } from './dialog-close-button';
import { DialogContent } from './dialog-content';

interface ShareProfileDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  qrDataUrl: string;
  link: string;
}

const targetStyles: Record<ShareTarget, string> = {
  twitter: 'bg-slate-900 text-white hover:bg-black',
  facebook: 'bg-[#1864d6] text-white hover:bg-[#1456b8]',
  linkedin: 'bg-[#0a66c2] text-white hover:bg-[#0856a4]',
  whatsapp: 'bg-[#11804a] text-white hover:bg-[#0d6a3d]',
};

/** "Share Your Profile": QR code, read-only link with copy, four share targets. */
export function ShareProfileDialog({ open, onOpenChange, qrDataUrl, link }: ShareProfileDialogProps) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-900/40" />
        <DialogContent className="fixed top-1/2 left-1/2 z-50 max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] max-w-sm -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl bg-white p-6 shadow-xl focus:outline-none">
          <Dialog.Title className="text-lg font-semibold text-slate-900">Share Your Profile</Dialog.Title>
          <Dialog.Description className="sr-only">
            A QR code and a link to your Saathi profile.
          </Dialog.Description>
          <div className="mt-4 flex flex-col items-center">
            <img
              src={qrDataUrl}
              width={256}
              height={256}
              alt="QR code for your profile link"
              className="h-64 w-64 rounded-lg border border-slate-200"
            />
            <p className="mt-2 text-sm text-slate-600">Scan this QR code to visit your profile</p>
          </div>
          <CopyLinkField
            id="profile-link"
            label="Profile link"
            link={link}
            copiedDescription="Profile link copied to clipboard"
          />
          <div className="mt-5 grid grid-cols-2 gap-2">
            {SHARE_TARGETS.map((target) => (
              <button
                key={target.id}
                type="button"
                className={`inline-flex items-center justify-center rounded-lg px-3 py-2.5 text-sm font-semibold focus-visible:ring-2 focus-visible:ring-teal-600 focus-visible:ring-offset-2 focus-visible:outline-none ${targetStyles[target.id]}`}
                onClick={() => window.open(shareUrl(target.id, link), '_blank', 'noopener,noreferrer')}
              >
                {target.label}
              </button>
            ))}
          </div>
          <DialogCloseButton />
        </DialogContent>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
