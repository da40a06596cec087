import { useId, useState, type KeyboardEvent, type SubmitEvent } from 'react';
import clsx from 'clsx';
import { COMMENT_CONTENT_MAX, type FeedComment } from '@saathi/contracts';
import { useEditComment } from '../api/use-comments';
import { handleUnauthorized } from '../lib/unauthorized';
import { editErrorMessage } from './edit-error';
import { buttonPrimary, buttonSecondary, inputClass } from './ui';

/** The author's inline editor of their comment: the text, Save and Cancel (Escape cancels too). */
export function EditCommentForm({ comment, onDone }: { comment: FeedComment; onDone: () => void }) {
  const id = useId();
  const edit = useEditComment(comment.postId, comment.id);
  const [content, setContent] = useState(comment.content);
  const [error, setError] = useState<string | undefined>();

  const save = (e: SubmitEvent) => {
    e.preventDefault();
    if (edit.isPending) return;
    if (!content.trim()) {
      setError('Please enter a comment');
      return;
    }
    setError(undefined);
    edit.mutate(content, {
      onSuccess: onDone,
      onError: (failure) => {
        if (handleUnauthorized(failure)) return;
        setError(editErrorMessage(failure, 'Failed to save your comment. Please try again.'));
      },
    });
  };

  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key === 'Escape' && !edit.isPending) onDone();
  };

  return (
    <form onSubmit={save} className="space-y-2" aria-label="Edit comment">
      <label htmlFor={`${id}-content`} className="sr-only">
        Edit your comment
      </label>
      <textarea
        id={`${id}-content`}
        rows={2}
        value={content}
        maxLength={COMMENT_CONTENT_MAX}
        onChange={(e) => setContent(e.target.value)}
        onKeyDown={onKeyDown}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        autoFocus
        className={clsx(inputClass, 'min-h-10 resize-y py-2')}
      />
      {error ? (
        <p id={`${id}-error`} role="alert" className="text-xs text-red-700">
          {error}
        </p>
      ) : null}
      <div className="flex justify-end gap-2">
        <button
          type="button"
          className={clsx(buttonSecondary, 'px-3 py-1.5')}
          onClick={onDone}
          disabled={edit.isPending}
        >
          Cancel
        </button>
        <button type="submit" className={clsx(buttonPrimary, 'px-3 py-1.5')} disabled={edit.isPending}>
          {edit.isPending ? 'Saving...' : 'Save'}
        </button>
      </div>
    </form>
  );
}
