import * as Dialog from '@radix-ui/react-dialog';
import { useRef, type ComponentProps, type ReactNode } from 'react';

const widths = { sm: 'max-w-sm', md: 'max-w-md', lg: 'max-w-lg' } as const;

/**
 * Every dialog of the app: a centred card over a dimmed page, with its title and description.
 * The card never grows past the screen and scrolls inside instead, so a form stays reachable on
 * a phone held sideways or with the keyboard up.
 */
export function ModalDialog({
  open,
  onOpenChange,
  title,
  description,
  descriptionClassName = 'mt-1 text-sm text-slate-600',
  width = 'md',
  role,
  onInteractOutside,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description: ReactNode;
  descriptionClassName?: string;
  width?: keyof typeof widths;
  /** `alertdialog` for a confirmation that interrupts. */
  role?: 'alertdialog';
  onInteractOutside?: ComponentProps<typeof Dialog.Content>['onInteractOutside'];
  children: ReactNode;
}) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-900/40" />
        <ContentReturningFocus
          // Spread only when given: an explicit `role={undefined}` would wipe Radix's "dialog".
          {...(role ? { role } : {})}
          onInteractOutside={onInteractOutside}
          className={`fixed top-1/2 left-1/2 z-50 max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] ${widths[width]} -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl bg-white p-6 shadow-xl focus:outline-none`}
        >
          <Dialog.Title className="text-lg font-semibold text-slate-900">{title}</Dialog.Title>
          <Dialog.Description className={descriptionClassName}>{description}</Dialog.Description>
          {children}
        </ContentReturningFocus>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/**
 * Radix's Dialog.Content, giving focus back to what opened it. Radix hands focus back on close
 * only to a Dialog.Trigger, and Saathi's dialogs are opened by plain buttons (often in another
 * component), so focus fell to <body> and keyboard and screen-reader users lost their place.
 * This remembers what had focus when the dialog opened and returns to it, if it is still on the
 * page.
 */
function ContentReturningFocus(
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
