import { postPhotoUrl, type PostPhoto } from '@saathi/contracts';
import { DialogCloseButton } from './dialog-close-button';
import { ModalDialog } from './modal-dialog';

/** One photo in its full size (~1280 px), over the page. */
export default function PhotoViewer({
  photo,
  label,
  onClose,
}: {
  photo: PostPhoto;
  label: string;
  onClose: () => void;
}) {
  return (
    <ModalDialog
      open
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={label}
      description="The photo in its full size."
      width="lg"
    >
      <img
        src={postPhotoUrl(photo.id, 'full')}
        width={photo.width}
        height={photo.height}
        alt=""
        className="mt-3 h-auto max-h-[80vh] w-full rounded-lg object-contain"
      />
      <DialogCloseButton />
    </ModalDialog>
  );
}
