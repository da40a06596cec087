import * as Dialog from '@radix-ui/react-dialog';
import { useRef, type ComponentProps } from 'react';

/**
 * Every dialog's Radix Dialog.Content, giving focus back to what opened it. Radix hands focus
 * back on close only to a Dialog.Trigger, and Saathi's dialogs are opened by plain buttons (often
 * in another component), so focus fell to <body> and keyboard and screen-reader users lost their
 * place. This remembers what had focus when the dialog opened and returns to it, if it is still
 * on the page.
 */
export function DialogContent(
  props: Omit<ComponentProps<typeof Dialog.Content>, 'onOpenAutoFocus' | 'onCloseAutoFocus'>,
) {
  const opener = useRef<HTMLElement | null>(null);
  return (
    <Dialog.Content
      {...props}
      onOpenAutoFocus={() => {
        opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      }}
      onCloseAutoFocus={(event) => {
        const target = opener.current;
        opener.current = null;
        if (!target?.isConnected) return;
        event.preventDefault();
        target.focus();
      }}
    />
  );
}
