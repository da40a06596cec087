import type { ReactNode } from 'react';
import * as DropdownMenu from '@radix-ui/react-dropdown-menu';

const itemTone = {
  plain: 'text-slate-800 data-[highlighted]:bg-slate-100',
  danger: 'text-red-700 data-[highlighted]:bg-red-50',
} as const;

/**
 * The "⋯" menu of a post, a message or a conversation: a round icon button that opens a small
 * card of actions. Not modal, so the page behind it keeps scrolling on phones.
 */
export function OptionsMenu({
  label,
  icon,
  triggerClassName,
  align,
  children,
}: {
  /** The trigger's accessible name ("Post options"). */
  label: string;
  icon: ReactNode;
  /** Its size and place, which differ with where the menu sits. */
  triggerClassName: string;
  align: 'start' | 'end';
  children: ReactNode;
}) {
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger
        aria-label={label}
        className={`inline-flex shrink-0 items-center justify-center rounded-full text-slate-600 focus-visible:ring-2 focus-visible:ring-teal-600 focus-visible:outline-none ${triggerClassName}`}
      >
        {icon}
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align={align}
          sideOffset={4}
          className="z-40 min-w-40 rounded-xl border border-slate-200 bg-white p-1.5 shadow-lg"
        >
          {children}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}

/** One action of an OptionsMenu; `danger` for what removes or cuts someone off. */
export function OptionsMenuItem({
  tone = 'plain',
  onSelect,
  children,
}: {
  tone?: keyof typeof itemTone;
  onSelect: () => void;
  children: ReactNode;
}) {
  return (
    <DropdownMenu.Item
      className={`flex cursor-pointer items-center gap-2 rounded-md px-3 py-2 text-sm outline-none select-none ${itemTone[tone]}`}
      onSelect={onSelect}
    >
      {children}
    </DropdownMenu.Item>
  );
}
