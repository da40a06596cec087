import { useState, type SubmitEvent } from 'react';
import * as Dialog from '@radix-ui/react-dialog';
import { FEEDBACK_MAX, NotificationMessages } from '@saathi/contracts';
import type { FeedbackType } from '@saathi/contracts';
import { useSubmitFeedback } from '../api/use-feedback';
import { toast } from '../lib/toast-store';
import { buttonPrimary, buttonSecondary, labelClass } from './ui';
import { DialogCloseButton } from './dialog-close-button';
import { TextAreaField } from './text-area-field';
import { ModalDialog } from './modal-dialog';

/** "Share Your Feedback": a feature request or a bug report, at most FEEDBACK_MAX characters. */
export default function FeedbackDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const [type, setType] = useState<FeedbackType>('feature');
  const [content, setContent] = useState('');
  const [error, setError] = useState<string>();
  const submit = useSubmitFeedback();

  const onSubmit = (e: SubmitEvent) => {
    e.preventDefault();
    if (!content.trim()) {
      setError('Please enter your feedback');
      return;
    }
    setError(undefined);
    submit.mutate(
      { type, content: content.trim() },
      {
        onSuccess: () => {
          toast({
            title: NotificationMessages.feedbackSent,
            description: 'Thank you for helping us improve Saathi.',
          });
          setContent('');
          onOpenChange(false);
        },
        onError: () =>
          toast({
            title: 'Error',
            description: NotificationMessages.feedbackFailed,
            variant: 'destructive',
          }),
      },
    );
  };

  return (
    <ModalDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Share Your Feedback"
      description="Suggest a feature or report a bug."
    >
      <form onSubmit={onSubmit} className="mt-4 space-y-4" noValidate>
        <fieldset>
          <legend className={labelClass}>Type</legend>
          <div className="flex gap-4 text-sm text-slate-800">
            {(['feature', 'bug'] as const).map((value) => (
              <label key={value} className="flex items-center gap-2">
                <input
                  type="radio"
                  name="feedback-type"
                  value={value}
                  checked={type === value}
                  onChange={() => setType(value)}
                />
                {value === 'feature' ? 'Feature request' : 'Bug report'}
              </label>
            ))}
          </div>
        </fieldset>
        <TextAreaField
          id="feedback-content"
          label="Your feedback"
          rows={4}
          maxLength={FEEDBACK_MAX}
          value={content}
          onChange={setContent}
          error={error}
        />
        <div className="flex justify-end gap-2">
          <Dialog.Close className={buttonSecondary}>Cancel</Dialog.Close>
          <button type="submit" className={buttonPrimary} disabled={submit.isPending}>
            {submit.isPending ? 'Submitting...' : 'Submit Feedback'}
          </button>
        </div>
      </form>
      <DialogCloseButton />
    </ModalDialog>
  );
}
