import { useState } from 'react';
import * as Dialog from '@radix-ui/react-dialog';
import { Loader2 } from 'lucide-react';
import {
  ModerationMessages,
  REPORT_NOTE_MAX_LENGTH,
  REPORT_REASON_LABELS,
  REPORT_REASONS,
} from '@saathi/contracts';
import type { ReportReason, ReportTargetKind } from '@saathi/contracts';
import { useReport } from '../api/use-safety';
import { handleUnauthorized } from '../lib/unauthorized';
import { toast } from '../lib/toast-store';
import { buttonPrimary, buttonSecondary, inputClass, labelClass } from './ui';
import { ModalDialog } from './modal-dialog';

export interface ReportTarget {
  kind: ReportTargetKind;
  id: string;
  /** The text the reporter sees, kept for the reviewer. */
  excerpt?: string | undefined;
  /**
   * A 1:1 message's conversation: moderation keeps no record per message, so it learns from the
   * conversation who may report it and whose it is (messaging checks the message is there).
   */
  conversationId?: string | undefined;
}

const TITLES: Record<ReportTargetKind, string> = {
  post: 'Report post',
  comment: 'Report comment',
  daily_answer: 'Report answer',
  message: 'Report message',
  circle: 'Report circle',
  user: 'Report person',
};

/** Why is it reported (a reason, an optional note); a thank-you toast, and the item leaves the screen. */
export function ReportDialog({
  target,
  open,
  onOpenChange,
}: {
  target: ReportTarget;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const [reason, setReason] = useState<ReportReason | null>(null);
  const [note, setNote] = useState('');
  const report = useReport();

  const submit = async () => {
    if (!reason) return;
    try {
      await report.mutateAsync({
        targetKind: target.kind,
        targetId: target.id,
        reason,
        note: note.trim() || undefined,
        excerpt: target.excerpt?.slice(0, 1000),
        conversationId: target.conversationId,
      });
      onOpenChange(false);
      toast({ title: 'Thank you', description: ModerationMessages.reported });
    } catch (error) {
      if (handleUnauthorized(error)) return;
      toast({
        title: 'Error',
        description: 'Failed to send the report. Please try again.',
        variant: 'destructive',
      });
    }
  };

  return (
    <ModalDialog
      open={open}
      onOpenChange={(next) => !report.isPending && onOpenChange(next)}
      title={TITLES[target.kind]}
      description="Tell us what is wrong. The person is not told who reported them."
    >
      <form
        className="mt-4 space-y-4"
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <fieldset>
          <legend className={labelClass}>Reason</legend>
          <div className="space-y-1.5">
            {REPORT_REASONS.map((value) => (
              <label key={value} className="flex items-center gap-2 text-sm text-slate-800">
                <input
                  type="radio"
                  name="reason"
                  value={value}
                  checked={reason === value}
                  onChange={() => setReason(value)}
                />
                {REPORT_REASON_LABELS[value]}
              </label>
            ))}
          </div>
        </fieldset>
        <div>
          <label htmlFor="report-note" className={labelClass}>
            Note (optional)
          </label>
          <textarea
            id="report-note"
            className={inputClass}
            rows={3}
            maxLength={REPORT_NOTE_MAX_LENGTH}
            value={note}
            onChange={(event) => setNote(event.target.value)}
          />
          <p className="mt-1 text-xs text-slate-600">
            {note.length}/{REPORT_NOTE_MAX_LENGTH}
          </p>
        </div>
        <div className="flex justify-end gap-2">
          <Dialog.Close className={buttonSecondary} disabled={report.isPending}>
            Cancel
          </Dialog.Close>
          <button type="submit" className={buttonPrimary} disabled={!reason || report.isPending}>
            {report.isPending ? <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" /> : null}
            Send report
          </button>
        </div>
      </form>
    </ModalDialog>
  );
}
