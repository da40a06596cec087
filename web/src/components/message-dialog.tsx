import { useState, type SubmitEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import * as Dialog from '@radix-ui/react-dialog';
import { MESSAGE_CONTENT_MAX, MessagingMessages } from '@saathi/contracts';
import { useStartConversation } from '../api/use-conversations';
import { useSendMessage } from '../api/use-messages';
import { newClientMessageId } from '../lib/chat-messages';
import { toast } from '../lib/toast-store';
import { handleUnauthorized } from '../lib/unauthorized';
import { DialogCloseButton } from './dialog-close-button';
import { TextAreaField } from './text-area-field';
import { buttonPrimary, buttonSecondary, linkClass } from './ui';
import { isApiError } from '../api/api-error';
import { ModalDialog } from './modal-dialog';

interface MessageDialogProps {
  recipientId: string;
  recipientName: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

function failed(error: unknown, description: string): void {
  if (handleUnauthorized(error)) return;
  // A refusal (a blocked pair, or someone taking no new messages): the server's plain words,
  // which say nothing about who blocked whom.
  const text = isApiError(error, 403)
    ? (error.serverMessage ?? MessagingMessages.cannotMessage)
    : description;
  toast({ title: 'Error', description: text, variant: 'destructive' });
}

/** "Message {recipient}" from a post card: starts the conversation, sends the first message, closes. */
export default function MessageDialog({
  recipientId,
  recipientName,
  open,
  onOpenChange,
}: MessageDialogProps) {
  const navigate = useNavigate();
  const [content, setContent] = useState('');
  const start = useStartConversation();
  const send = useSendMessage();
  const busy = start.isPending || send.isPending;
  const blank = content.trim().length === 0;

  const startConversation = async (): Promise<string | null> => {
    try {
      return (await start.mutateAsync(recipientId)).id;
    } catch (error) {
      failed(error, MessagingMessages.startFailed);
      return null;
    }
  };

  const onSubmit = async (e: SubmitEvent) => {
    e.preventDefault();
    if (blank || busy) return;
    const conversationId = await startConversation();
    if (!conversationId) return;
    try {
      // An id of its own, so a retried send (no answer the first time) is stored once.
      await send.mutateAsync({
        conversationId,
        content: content.trim(),
        clientMessageId: newClientMessageId(),
      });
    } catch (error) {
      failed(error, MessagingMessages.sendFailed);
      return;
    }
    setContent('');
    onOpenChange(false);
  };

  const openConversation = async () => {
    const conversationId = await startConversation();
    if (!conversationId) return;
    onOpenChange(false);
    void navigate(`/messages?c=${conversationId}`);
  };

  return (
    <ModalDialog
      open={open}
      onOpenChange={(next) => !busy && onOpenChange(next)}
      title={<>Message {recipientName}</>}
      description={<>Say hello and suggest a plan. Only {recipientName} can read it.</>}
    >
      <form onSubmit={(e) => void onSubmit(e)} className="mt-4 space-y-4" noValidate>
        <TextAreaField
          id="message-dialog-content"
          label="Your message"
          rows={4}
          maxLength={MESSAGE_CONTENT_MAX}
          value={content}
          onChange={setContent}
        />
        <div className="flex flex-wrap items-center justify-between gap-2">
          <button
            type="button"
            className={`${linkClass} rounded text-sm focus-visible:ring-2 focus-visible:ring-teal-600 focus-visible:outline-none`}
            onClick={() => void openConversation()}
            disabled={busy}
          >
            Open conversation
          </button>
          <div className="flex gap-2">
            <Dialog.Close className={buttonSecondary} disabled={busy}>
              Cancel
            </Dialog.Close>
            <button type="submit" className={buttonPrimary} disabled={blank || busy}>
              {busy ? 'Sending...' : 'Send Message'}
            </button>
          </div>
        </div>
      </form>
      <DialogCloseButton />
    </ModalDialog>
  );
}
