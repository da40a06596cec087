import { useRef, useState, type SubmitEvent, type KeyboardEvent } from 'react';
import { Heart, Loader2 } from 'lucide-react';
import clsx from 'clsx';
import { COMMENT_CONTENT_MAX, type FeedComment } from '@saathi/contracts';
import { loginRedirectRoute } from '../api/routes';
import { useComments, useCreateComment, useLikeComment } from '../api/use-comments';
import { useCurrentUser } from '../api/use-current-user';
import { commentAge } from '../lib/time-ago';
import { handleUnauthorized } from '../lib/unauthorized';
import { toast } from '../lib/toast-store';
import { useMinuteClock } from '../lib/use-minute-clock';
import { ReactionBar } from './reaction-bar';
import { buttonPrimary, buttonSecondary, inputClass } from './ui';
import { ReportButton } from './report-button';
import { ReportDialog } from './report-dialog';
import { EditCommentForm } from './edit-comment-form';
import { canEdit } from '../lib/post-permissions';

interface CommentsSectionProps {
  postId: string;
  /** Where a signed-out reader goes to sign in; the sign-in redirect unless the caller says otherwise. */
  onSignIn?: () => void;
}

/** A post's comments: the list, a box to write one (signed in), likes and reactions on each. */
export default function CommentsSection({
  postId,
  onSignIn = () => window.location.assign(loginRedirectRoute.path),
}: CommentsSectionProps) {
  const { isAuthenticated } = useCurrentUser();
  const comments = useComments(postId);
  const createComment = useCreateComment(postId);
  const [text, setText] = useState('');
  const inputRef = useRef<HTMLTextAreaElement>(null);
  const inputId = `comment-input-${postId}`;

  const submit = () => {
    const content = text.trim();
    if (!content || createComment.isPending) return;
    createComment.mutate(content, {
      onSuccess: () => setText(''),
      onError: (error) => {
        if (handleUnauthorized(error)) return;
        toast({ title: 'Error', description: 'Failed to post comment', variant: 'destructive' });
      },
    });
  };

  const onSubmit = (e: SubmitEvent) => {
    e.preventDefault();
    submit();
  };

  // Enter sends, Shift+Enter starts a new line (and an IME composing text keeps its Enter).
  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
      e.preventDefault();
      submit();
    }
  };

  const replyTo = (comment: FeedComment) => {
    setText((current) => (current.trim() ? current : `@${comment.authorName} `));
    inputRef.current?.focus();
  };

  return (
    <section aria-label="Comments" className="space-y-3">
      {isAuthenticated ? (
        <form onSubmit={onSubmit} className="flex items-start gap-2">
          <label htmlFor={inputId} className="sr-only">
            Write a comment
          </label>
          <textarea
            ref={inputRef}
            id={inputId}
            rows={1}
            value={text}
            maxLength={COMMENT_CONTENT_MAX}
            onChange={(e) => setText(e.target.value)}
            onKeyDown={onKeyDown}
            placeholder="Write a comment..."
            className={clsx(inputClass, 'min-h-10 resize-y py-2')}
          />
          <button
            type="submit"
            className={clsx(buttonPrimary, 'shrink-0 px-3 py-2')}
            disabled={!text.trim() || createComment.isPending}
          >
            {createComment.isPending ? 'Posting...' : 'Post'}
          </button>
        </form>
      ) : (
        <button type="button" className={clsx(buttonSecondary, 'w-full justify-start')} onClick={onSignIn}>
          Sign in to write a comment...
        </button>
      )}

      {comments.isLoading ? (
        <p role="status" className="flex items-center gap-2 text-sm text-slate-600">
          <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" />
          Loading comments...
        </p>
      ) : comments.isError ? (
        <p role="alert" className="text-sm text-red-700">
          Failed to load comments
        </p>
      ) : comments.data && comments.data.length > 0 ? (
        <ul className="space-y-3">
          {comments.data.map((comment) => (
            <CommentItem key={comment.id} comment={comment} onReply={() => replyTo(comment)} />
          ))}
        </ul>
      ) : (
        <p className="text-sm text-slate-600">No comments yet.</p>
      )}
    </section>
  );
}

function CommentItem({ comment, onReply }: { comment: FeedComment; onReply: () => void }) {
  const likeComment = useLikeComment(comment.postId);
  const now = useMinuteClock();
  const { user } = useCurrentUser();
  const [reporting, setReporting] = useState(false);
  const [editing, setEditing] = useState(false);

  const like = () =>
    likeComment.mutate(comment.id, {
      onError: (error) => {
        if (handleUnauthorized(error)) return;
        toast({ title: 'Error', description: 'Failed to like comment', variant: 'destructive' });
      },
    });

  return (
    <li className="flex gap-2.5">
      <span
        aria-hidden="true"
        className="flex h-8 w-8 shrink-0 items-center justify-center rounded-full bg-slate-200 text-xs font-semibold text-slate-800"
      >
        {comment.authorInitials}
      </span>
      <div className="min-w-0 flex-1">
        <div className="rounded-xl bg-slate-50 px-3 py-2">
          <p className="flex flex-wrap items-baseline gap-x-2">
            <span className="text-sm font-semibold text-slate-900">{comment.authorName}</span>
            <time dateTime={comment.createdAt} className="text-xs text-slate-600">
              {commentAge(comment.createdAt, new Date(now))}
            </time>
            {comment.editedAt ? <span className="text-xs text-slate-600">Edited</span> : null}
          </p>
          {editing ? (
            <div className="mt-1">
              <EditCommentForm comment={comment} onDone={() => setEditing(false)} />
            </div>
          ) : (
            <p className="mt-0.5 text-sm break-words whitespace-pre-line text-slate-800">{comment.content}</p>
          )}
        </div>
        <div className="mt-1 flex flex-wrap items-center gap-2 text-xs">
          <button
            type="button"
            onClick={onReply}
            className="tap-target relative rounded px-1.5 py-1 font-medium text-slate-600 hover:text-slate-900 focus-visible:ring-2 focus-visible:ring-teal-600 focus-visible:outline-none"
          >
            Reply
          </button>
          <button
            type="button"
            onClick={like}
            disabled={likeComment.isPending}
            aria-pressed={comment.likedByMe}
            className="tap-target relative inline-flex items-center gap-1 rounded px-1.5 py-1 font-medium text-slate-600 hover:text-slate-900 focus-visible:ring-2 focus-visible:ring-teal-600 focus-visible:outline-none"
          >
            <Heart
              className={clsx('h-3.5 w-3.5', comment.likedByMe && 'fill-red-600 text-red-600')}
              aria-hidden="true"
            />
            <span className="sr-only">Like comment, </span>
            {comment.likes}
          </button>
          <ReactionBar
            target="comment"
            id={comment.id}
            reactions={comment.reactions}
            myReactions={comment.myReactions}
          />
          {!editing && canEdit(user, comment, now) ? (
            <button
              type="button"
              onClick={() => setEditing(true)}
              className="tap-target relative rounded px-1.5 py-1 font-medium text-slate-600 hover:text-slate-900 focus-visible:ring-2 focus-visible:ring-teal-600 focus-visible:outline-none"
            >
              Edit<span className="sr-only"> your comment</span>
            </button>
          ) : null}
          {user && user.id !== comment.authorId ? (
            <ReportButton what={`comment by ${comment.authorName}`} onClick={() => setReporting(true)} />
          ) : null}
        </div>
      </div>
      {reporting ? (
        <ReportDialog
          open={reporting}
          onOpenChange={setReporting}
          target={{ kind: 'comment', id: comment.id, excerpt: comment.content }}
        />
      ) : null}
    </li>
  );
}
