import clsx from 'clsx';

/** A small count on a button; read out as "N unread" and hidden at zero. */
export function UnreadBadge({ count, className }: { count: number | undefined; className?: string }) {
  if (!count || count <= 0) return null;
  return (
    <span
      data-unread-badge=""
      className={clsx(
        'inline-flex min-w-5 items-center justify-center rounded-full bg-red-700 px-1.5 text-xs leading-5 font-semibold text-white',
        className,
      )}
    >
      <span aria-hidden="true">{count > 99 ? '99+' : count}</span>
      <span className="sr-only">{`, ${count} unread`}</span>
    </span>
  );
}
