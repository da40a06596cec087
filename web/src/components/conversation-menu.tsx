import { useState } from 'react';
import { Ban, Flag, MoreVertical } from 'lucide-react';
import { useBlockToggle } from '../api/use-safety';
import { runBlockAction } from '../lib/block-action';
import { OptionsMenu, OptionsMenuItem } from './options-menu';
import { ReportDialog } from './report-dialog';

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
      <OptionsMenu
        label="Conversation options"
        icon={<MoreVertical className="h-4 w-4" aria-hidden="true" />}
        triggerClassName="ml-auto h-9 w-9 hover:bg-slate-100"
        align="end"
      >
        <OptionsMenuItem onSelect={() => setReportOpen(true)}>
          <Flag className="h-4 w-4" aria-hidden="true" /> Report {other.name}
        </OptionsMenuItem>
        <OptionsMenuItem
          tone="danger"
          onSelect={() =>
            void runBlockAction(async () => {
              await block.mutateAsync(other.id);
              onBlocked?.();
            }, `Blocked ${other.name}`)
          }
        >
          <Ban className="h-4 w-4" aria-hidden="true" /> Block {other.name}
        </OptionsMenuItem>
      </OptionsMenu>
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
