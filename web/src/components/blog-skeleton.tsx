/** Grey placeholders in the shape of story cards (or a story) while the blog loads. */
export function BlogSkeleton({ label, count = 3 }: { label: string; count?: number }) {
  return (
    <div role="status" aria-label={label} className="space-y-4">
      {Array.from({ length: count }, (_, i) => (
        <div
          key={i}
          aria-hidden="true"
          className="animate-pulse rounded-2xl border border-slate-200 bg-white p-5"
        >
          <div className="h-3 w-1/4 rounded bg-slate-200" />
          <div className="mt-3 h-5 w-2/3 rounded bg-slate-200" />
          <div className="mt-3 space-y-2">
            <div className="h-3 w-full rounded bg-slate-200" />
            <div className="h-3 w-5/6 rounded bg-slate-200" />
          </div>
        </div>
      ))}
    </div>
  );
}
