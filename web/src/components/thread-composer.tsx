import { MessageInput } from './message-input';

interface ThreadComposerProps {
  /** The other person deleted their account: the thread stays readable but takes no reply. */
  otherDeleted: boolean;
  /** As MessageInput's: a promise of false gives the text back to the box. */
  onSend: (content: string) => Promise<boolean>;
  onTyping?: (typing: boolean) => void;
}

/** The foot of a 1:1 thread: the message box, or a notice saying why there is none. */
export function ThreadComposer({ otherDeleted, onSend, onTyping }: ThreadComposerProps) {
  if (otherDeleted)
    return (
      // Where the box would be, so it is read where one looks for it; a box that could only
      // fail (the server answers 410) would be worse than none.
      <p
        role="status"
        className="border-t border-slate-200 bg-white px-4 py-3 text-center text-sm text-slate-600"
      >
        This account has been deleted. You can still read your messages, but not reply.
      </p>
    );
  return <MessageInput onSend={onSend} onTyping={onTyping} />;
}
