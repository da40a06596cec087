import { useId, useRef, useState, type KeyboardEvent, type SubmitEvent } from 'react';
import { Send } from 'lucide-react';
import { MESSAGE_CONTENT_MAX } from '@saathi/contracts';
import { inputClass } from './ui';

/** How often a still-typing sender refreshes the indicator (well inside its fade-out time). */
const TYPING_REFRESH_MS = 2000;

interface MessageInputProps {
  /**
   * Sends the text. A promise of false means it was not sent and is worth sending again: the
   * text then comes back into the box, unless something new was typed there meanwhile.
   */
  onSend: (content: string) => Promise<boolean>;
  /** Called with true while typing (at most every two seconds) and false when it stops. */
  onTyping?: (typing: boolean) => void;
  /** The box's name for screen readers (and tests): "Type a message" unless a thread names it. */
  label?: string;
}

/** The thread's box: Enter sends, Shift+Enter starts a new line, blank text cannot be sent. */
export function MessageInput({ onSend, onTyping, label = 'Type a message' }: MessageInputProps) {
  const [content, setContent] = useState('');
  const lastTypingAt = useRef(0);
  const inputId = useId();
  const blank = content.trim().length === 0;

  const stopTyping = () => {
    if (lastTypingAt.current === 0) return;
    lastTypingAt.current = 0;
    onTyping?.(false);
  };

  const send = () => {
    if (blank) return;
    const text = content.trim();
    setContent('');
    stopTyping();
    // Nothing typed is lost: a send that failed puts its text back to be sent again.
    void onSend(text).then((sent) => {
      if (!sent) setContent((current) => (current === '' ? text : current));
    });
  };

  const onChange = (value: string) => {
    setContent(value);
    if (!value.trim()) {
      stopTyping();
      return;
    }
    const now = Date.now();
    if (now - lastTypingAt.current >= TYPING_REFRESH_MS) {
      lastTypingAt.current = now;
      onTyping?.(true);
    }
  };

  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
      e.preventDefault();
      send();
    }
  };

  const onSubmit = (e: SubmitEvent) => {
    e.preventDefault();
    send();
  };

  return (
    <form onSubmit={onSubmit} className="flex items-end gap-2 border-t border-slate-200 bg-white p-3">
      <label htmlFor={inputId} className="sr-only">
        {label}
      </label>
      <textarea
        id={inputId}
        rows={1}
        value={content}
        maxLength={MESSAGE_CONTENT_MAX}
        placeholder="Type a message..."
        onChange={(e) => onChange(e.target.value)}
        onKeyDown={onKeyDown}
        onBlur={stopTyping}
        className={`${inputClass} max-h-32 min-h-11 resize-none`}
      />
      <button
        type="submit"
        disabled={blank}
        className="inline-flex h-11 w-11 shrink-0 items-center justify-center rounded-lg bg-teal-700 text-white hover:bg-teal-800 focus-visible:ring-2 focus-visible:ring-teal-600 focus-visible:ring-offset-2 focus-visible:outline-none disabled:cursor-not-allowed disabled:opacity-60"
      >
        <Send className="h-4 w-4" aria-hidden="true" />
        <span className="sr-only">Send</span>
      </button>
    </form>
  );
}
