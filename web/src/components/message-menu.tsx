import { useState } from 'react';
import { Flag, MoreHorizontal } from 'lucide-react';
import type { ActivityThreadMessage, ChatMessage } from '@saathi/contracts';
import { OptionsMenu, OptionsMenuItem } from './options-menu';
import { ReportDialog } from './report-dialog';

/**
 * A received message's menu, in a 1:1 conversation or an activity's group thread: report that
 * one message (the report dialog, as for a post). A 1:1 message is reported with its
 * conversation (a thread's message has none).
 */
export function MessageMenu({
  message,
  senderName,
}: {
  message:
    Pick<ChatMessage, 'id' | 'content' | 'conversationId'> | Pick<ActivityThreadMessage, 'id' | 'content'>;
  senderName: string;
}) {
  const [reportOpen, setReportOpen] = useState(false);
  return (
    <>
      <OptionsMenu
        label={`Options for the message from ${senderName}`}
        icon={<MoreHorizontal className="h-4 w-4" aria-hidden="true" />}
        triggerClassName="ml-1 h-6 w-6 align-middle hover:bg-slate-200"
        align="start"
      >
        <OptionsMenuItem onSelect={() => setReportOpen(true)}>
          <Flag className="h-4 w-4" aria-hidden="true" /> Report message
        </OptionsMenuItem>
      </OptionsMenu>
      {reportOpen ? (
        <ReportDialog
          open={reportOpen}
          onOpenChange={setReportOpen}
          target={{
            kind: 'message',
            id: message.id,
            excerpt: message.content,
            conversationId: 'conversationId' in message ? message.conversationId : undefined,
          }}
        />
      ) : null}
    </>
  );
}
