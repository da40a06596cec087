import type { ReactNode } from 'react';
import type { LucideIcon } from 'lucide-react';
import clsx from 'clsx';
import { cardClass } from './ui';

/**
 * The centred card that tells the visitor where they stand ("Sign In Required", "Check Your
 * Email"…): an optional icon in a circle, a heading, then the caller's text and actions.
 */
export function NoticeCard({
  icon: Icon,
  title,
  level = 1,
  className,
  children,
}: {
  icon?: LucideIcon;
  title?: string;
  /** h1 when the notice is the page's main content; h2 under a page title of its own. */
  level?: 1 | 2;
  className?: string;
  children?: ReactNode;
}) {
  const Heading = level === 1 ? 'h1' : 'h2';
  return (
    <div className={clsx(cardClass, 'text-center', className)}>
      {Icon ? (
        <span className="mx-auto mb-4 flex h-14 w-14 items-center justify-center rounded-full bg-teal-100">
          <Icon className="h-7 w-7 text-teal-800" aria-hidden="true" />
        </span>
      ) : null}
      {title ? (
        <Heading className={clsx('font-semibold text-slate-900', level === 1 ? 'text-2xl' : 'text-xl')}>
          {title}
        </Heading>
      ) : null}
      {children}
    </div>
  );
}
