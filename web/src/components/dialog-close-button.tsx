import * as Dialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';

/** The ✕ in a dialog's corner: named for screen readers, visible focus for keyboards. */
export function DialogCloseButton() {
  return (
    <Dialog.Close
      aria-label="Close"
      className="tap-target absolute top-4 right-4 rounded-md p-1 text-slate-600 hover:text-slate-900 focus-visible:ring-2 focus-visible:ring-teal-600 focus-visible:outline-none"
    >
      <X className="h-4 w-4" aria-hidden="true" />
    </Dialog.Close>
  );
}
