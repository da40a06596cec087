import { useState } from 'react';
import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { Ban, Flag, MoreVertical } from 'lucide-react';
import { useBlockToggle } from '../api/use-safety';
import { runBlockAction } from '../lib/block-action';
import { ReportDialog } from './report-dialog';

const itemClass =
  'flex cursor-pointer items-center gap-2 rounded-md px-3 py-2 text-sm text-slate-800 outline-none select-none data-[highlighted]:bg-slate-100';

/** The thread header's menu: report or block the other person (blocking closes the thread). */
export function ConversationMenu({
  other,
  onBlocked,
}: {
  other: { id: string; name: string };
  onBlocked?: (() => void) | undefined;
}) {
  const [reportOpen, setReportOpen] = useState(false);
  const { block } = useBlockToggle();
  return (
    <>
      <DropdownMenu.Root modal={false}>
        <DropdownMenu.Trigger
          aria-label="Conversation options"
          className="ml-auto inline-flex h-9 w-9 shrink-0 items-center justify-center rounded-full text-slate-600 hover:bg-slate-100 focus-visible:ring-2 focus-visible:ring-teal-600 focus-visible:outline-none"
        >
          <MoreVertical className="h-4 w-4" aria-hidden="true" />
        </DropdownMenu.Trigger>
        <DropdownMenu.Portal>
          <DropdownMenu.Content
            align="end"
            sideOffset={4}
            className="z-40 min-w-44 rounded-xl border border-slate-200 bg-white p-1.5 shadow-lg"
          >
            <DropdownMenu.Item className={itemClass} onSelect={() => setReportOpen(true)}>
              <Flag className="h-4 w-4" aria-hidden="true" /> Report {other.name}
            </DropdownMenu.Item>
            <DropdownMenu.Item
              className={`${itemClass} text-red-700`}
              onSelect={() =>
                void runBlockAction(async () => {
                  await block.mutateAsync(other.id);
                  onBlocked?.();
                }, `Blocked ${other.name}`)
              }
            >
              <Ban className="h-4 w-4" aria-hidden="true" /> Block {other.name}
            </DropdownMenu.Item>
          </DropdownMenu.Content>
        </DropdownMenu.Portal>
      </DropdownMenu.Root>
      {reportOpen ? (
        <ReportDialog
          open={reportOpen}
          onOpenChange={setReportOpen}
          target={{ kind: 'user', id: other.id }}
        />
      ) : null}
    </>
  );
}
