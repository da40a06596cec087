import { Loader2 } from 'lucide-react';

export function Spinner({ label = 'Loading' }: { label?: string }) {
  return (
    <div role="status" className="flex min-h-[40vh] items-center justify-center">
      <Loader2 className="h-8 w-8 animate-spin-late text-teal-700" aria-hidden="true" />
      <span className="sr-only">{label}</span>
    </div>
  );
}
