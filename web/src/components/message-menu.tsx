import { useState } from 'react';
import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { Flag, MoreHorizontal } from 'lucide-react';
import type { ActivityThreadMessage, ChatMessage } from '@saathi/contracts';
import { ReportDialog } from './report-dialog';

const itemClass =
  'flex cursor-pointer items-center gap-2 rounded-md px-3 py-2 text-sm text-slate-800 outline-none select-none data-[highlighted]:bg-slate-100';

/**
 * A received message's menu, in a 1:1 conversation or an activity's group thread: report that
 * one message (the report dialog, as for a post).
 */
export function MessageMenu({
  message,
  senderName,
}: {
  message: Pick<ChatMessage | ActivityThreadMessage, 'id' | 'content'>;
  senderName: string;
}) {
  const [reportOpen, setReportOpen] = useState(false);
  return (
    <>
      <DropdownMenu.Root modal={false}>
        <DropdownMenu.Trigger
          aria-label={`Options for the message from ${senderName}`}
          className="ml-1 inline-flex h-6 w-6 items-center justify-center rounded-full align-middle text-slate-600 hover:bg-slate-200 focus-visible:ring-2 focus-visible:ring-teal-600 focus-visible:outline-none"
        >
          <MoreHorizontal className="h-4 w-4" aria-hidden="true" />
        </DropdownMenu.Trigger>
        <DropdownMenu.Portal>
          <DropdownMenu.Content
            align="start"
            sideOffset={4}
            className="z-40 min-w-40 rounded-xl border border-slate-200 bg-white p-1.5 shadow-lg"
          >
            <DropdownMenu.Item className={itemClass} onSelect={() => setReportOpen(true)}>
              <Flag className="h-4 w-4" aria-hidden="true" /> Report message
            </DropdownMenu.Item>
          </DropdownMenu.Content>
        </DropdownMenu.Portal>
      </DropdownMenu.Root>
      {reportOpen ? (
        <ReportDialog
          open={reportOpen}
          onOpenChange={setReportOpen}
          target={{ kind: 'message', id: message.id, excerpt: message.content }}
        />
      ) : null}
    </>
  );
}
