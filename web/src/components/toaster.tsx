import { useSyncExternalStore } from 'react';
import * as ToastPrimitive from '@radix-ui/react-toast';
import { X } from 'lucide-react';
import clsx from 'clsx';
import { TOAST_DEFAULT_DURATION_MS, dismissToast, getToasts, subscribeToasts } from '../lib/toast-store';

export function Toaster() {
  const toasts = useSyncExternalStore(subscribeToasts, getToasts, getToasts);
  return (
    <ToastPrimitive.Provider duration={TOAST_DEFAULT_DURATION_MS} swipeDirection="right">
      {toasts.map((t) => (
        <ToastPrimitive.Root
          key={t.id}
          data-toast=""
          open={t.open}
          onOpenChange={(open) => {
            if (!open) dismissToast(t.id);
          }}
          className={clsx(
            'toast group pointer-events-auto relative flex w-full items-start gap-3 rounded-xl border p-4 pr-10 shadow-lg',
            t.variant === 'destructive'
              ? 'border-red-200 bg-red-50 text-red-900'
              : 'border-slate-200 bg-white text-slate-900',
          )}
        >
          <div className="grid gap-1">
            <ToastPrimitive.Title className="text-sm font-semibold">{t.title}</ToastPrimitive.Title>
            {t.description ? (
              <ToastPrimitive.Description className="text-sm">{t.description}</ToastPrimitive.Description>
            ) : null}
          </div>
          <ToastPrimitive.Close
            aria-label="Close notification"
            className="tap-target absolute top-2 right-2 rounded-md p-1 text-current opacity-70 hover:opacity-100 focus:opacity-100 focus:ring-2 focus:ring-teal-600 focus:outline-none"
          >
            <X className="h-4 w-4" aria-hidden="true" />
          </ToastPrimitive.Close>
        </ToastPrimitive.Root>
      ))}
      {/* Below the sticky header (h-14), so a toast never hides its buttons: on a phone the
          viewport spans the width, and the header is where the next tap usually goes. */}
      <ToastPrimitive.Viewport className="fixed top-14 right-0 z-[100] flex max-h-[calc(100vh-3.5rem)] w-full flex-col gap-2 p-4 sm:max-w-sm" />
    </ToastPrimitive.Provider>
  );
}
