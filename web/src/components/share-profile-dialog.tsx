import { SHARE_TARGETS, shareUrl, type ShareTarget } from '../lib/share-links';
import { CopyLinkField } from './copy-link-field';
import { DialogCloseButton } from './dialog-close-button';
import { ModalDialog } from './modal-dialog';

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
    <ModalDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Share Your Profile"
      description="A QR code and a link to your Saathi profile."
      descriptionClassName="sr-only"
      width="sm"
    >
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
    </ModalDialog>
  );
}
