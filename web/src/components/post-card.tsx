import { Suspense, lazy, useId, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { Heart, MapPin, MessageCircle, Send, Share2 } from 'lucide-react';
import clsx from 'clsx';
import type { FeedPost } from '@saathi/contracts';
import { useCurrentUser } from '../api/use-current-user';
import { useLikePost } from '../api/use-feed';
import { formatDistance } from '../lib/distance';
import { canDeletePost, canEdit, canMessageAuthor } from '../lib/post-permissions';
import { postTimeAgo } from '../lib/time-ago';
import { toast } from '../lib/toast-store';
import { useMinuteClock } from '../lib/use-minute-clock';
import { CountdownBadge } from './countdown-badge';
import { PostPhotos } from './post-photos';
import { ReactionBar } from './reaction-bar';

// Opened on demand, so the feed's first paint does not carry them.
const CommentsSection = lazy(() => import('./comments-section'));
const SharePostDialog = lazy(() => import('./share-post-dialog'));
const PostMenu = lazy(() => import('./post-menu'));
const MessageDialog = lazy(() => import('./message-dialog'));
const EditPostForm = lazy(() => import('./edit-post-form'));

const actionClass =
  'tap-target relative inline-flex items-center gap-1.5 rounded-lg px-2.5 py-1.5 text-sm font-medium text-slate-700 transition hover:bg-slate-100 hover:text-slate-900 focus-visible:ring-2 focus-visible:ring-teal-600 focus-visible:outline-none disabled:opacity-60';

interface PostCardProps {
  post: FeedPost;
  /** Narrows the feed to a hashtag; without it the badges are plain labels. */
  onSelectHashtag?: (hashtag: string) => void;
  /** After the post was deleted from this card. */
  onDeleted?: () => void;
  /** The author name's heading level: 3 under a feed's title, 2 on a page of its own. */
  headingLevel?: 2 | 3;
}

export function PostCard({ post, onSelectHashtag, onDeleted, headingLevel = 3 }: PostCardProps) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const { user } = useCurrentUser();
  const navigate = useNavigate();
  const like = useLikePost();
  const now = useMinuteClock();
  const [commentsOpen, setCommentsOpen] = useState(false);
  const [shareOpen, setShareOpen] = useState(false);
  const [messageOpen, setMessageOpen] = useState(false);
  const [editing, setEditing] = useState(false);
  const nameId = useId();
  const commentsId = useId();
  const profileHref = `/profile/${post.authorId}`;

  const likePost = () => {
    like.mutate(post.id, {
      onError: () =>
        toast({
          title: 'Error',
          description: 'Failed to like post. Please try again.',
          variant: 'destructive',
        }),
    });
  };

  return (
    <article
      aria-labelledby={nameId}
      className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5"
    >
      <header className="flex items-start gap-3">
        {/* The name below is the link for keyboards and screen readers; the avatar repeats it for the mouse. */}
        <Link
          to={profileHref}
          tabIndex={-1}
          aria-hidden="true"
          className="flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-teal-100 text-sm font-semibold text-teal-900"
        >
          {post.authorInitials}
        </Link>
        <div className="min-w-0 flex-1">
          <Heading id={nameId} className="truncate text-base font-semibold text-slate-900">
            <Link
              to={profileHref}
              className="rounded hover:underline focus-visible:ring-2 focus-visible:ring-teal-600 focus-visible:outline-none"
            >
              {post.authorName}
            </Link>
          </Heading>
          <p className="mt-0.5 flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-slate-600">
            {post.distanceKm !== null ? (
              <span className="inline-flex items-center gap-0.5 whitespace-nowrap">
                <MapPin className="h-3 w-3" aria-hidden="true" />
                {formatDistance(post.distanceKm)}
              </span>
            ) : null}
            <time dateTime={post.createdAt} className="whitespace-nowrap">
              {postTimeAgo(post.createdAt, new Date(now))}
            </time>
            {post.editedAt ? <span className="whitespace-nowrap">Edited</span> : null}
            {post.circle ? (
              <Link
                to={`/circles/${post.circle.id}`}
                className="tap-target relative font-medium text-teal-800 hover:underline focus-visible:ring-2 focus-visible:ring-teal-600 focus-visible:outline-none"
              >
                in {post.circle.name}
              </Link>
            ) : null}
            <CountdownBadge expiresAt={post.expiresAt} />
          </p>
        </div>
        {user ? (
          <Suspense fallback={<span className="h-8 w-8" />}>
            <PostMenu
              post={post}
              canDelete={canDeletePost(user, post)}
              isOwn={user.id === post.authorId}
              onDeleted={onDeleted}
              onEdit={canEdit(user, post, now) ? () => setEditing(true) : undefined}
            />
          </Suspense>
        ) : null}
      </header>

      {editing ? (
        <Suspense fallback={<p className="mt-3 text-sm text-slate-600">Loading editor...</p>}>
          <EditPostForm post={post} onDone={() => setEditing(false)} />
        </Suspense>
      ) : (
        <p className="mt-3 text-[15px] leading-relaxed break-words whitespace-pre-line text-slate-800">
          {post.content}
        </p>
      )}

      {post.photos && post.photos.length > 0 ? (
        <PostPhotos photos={post.photos} authorName={post.authorName} />
      ) : null}

      {!editing && post.hashtags.length > 0 ? (
        <ul className="mt-3 flex flex-wrap gap-1.5 pointer-coarse:gap-y-2.5" aria-label="Hashtags">
          {post.hashtags.map((tag) => (
            <li key={tag}>
              {onSelectHashtag ? (
                <button
                  type="button"
                  onClick={() => onSelectHashtag(tag)}
                  className="tap-target relative rounded-full bg-teal-50 px-2.5 py-0.5 text-xs font-medium text-teal-900 hover:bg-teal-100 focus-visible:ring-2 focus-visible:ring-teal-600 focus-visible:outline-none"
                >
                  #{tag}
                </button>
              ) : (
                <span className="rounded-full bg-teal-50 px-2.5 py-0.5 text-xs font-medium text-teal-900">
                  #{tag}
                </span>
              )}
            </li>
          ))}
        </ul>
      ) : null}

      {/* 16px on touch: the hashtag chips' and the reaction buttons' 40px hit areas meet without overlapping. */}
      <div className="mt-3 pointer-coarse:mt-4">
        <ReactionBar target="post" id={post.id} reactions={post.reactions} myReactions={post.myReactions} />
      </div>

      <div className="mt-3 flex flex-wrap items-center gap-1 border-t border-slate-100 pt-2">
        <button
          type="button"
          className={actionClass}
          aria-pressed={post.likedByMe}
          onClick={likePost}
          disabled={like.isPending}
        >
          <Heart
            className={clsx('h-4 w-4', post.likedByMe && 'fill-red-600 text-red-600')}
            aria-hidden="true"
          />
          <span className="sr-only">Like, </span>
          {post.likes}
          <span className="sr-only">{post.likes === 1 ? ' like' : ' likes'}</span>
        </button>
        <button
          type="button"
          className={actionClass}
          aria-expanded={commentsOpen}
          aria-controls={commentsOpen ? commentsId : undefined}
          onClick={() => setCommentsOpen((open) => !open)}
        >
          <MessageCircle className="h-4 w-4" aria-hidden="true" />
          <span className="sr-only">Comments, </span>
          {post.commentCount}
        </button>
        <button
          type="button"
          className={actionClass}
          aria-haspopup="dialog"
          onClick={() => setShareOpen(true)}
        >
          <Share2 className="h-4 w-4" aria-hidden="true" />
          Share
        </button>
        {canMessageAuthor(user, post) ? (
          <button
            type="button"
            className={`${actionClass} ml-auto`}
            aria-haspopup="dialog"
            onClick={() => setMessageOpen(true)}
          >
            <Send className="h-4 w-4" aria-hidden="true" />
            Message
          </button>
        ) : null}
      </div>

      {commentsOpen ? (
        <div id={commentsId} className="mt-3 border-t border-slate-100 pt-3">
          <Suspense fallback={<p className="text-sm text-slate-600">Loading comments...</p>}>
            <CommentsSection postId={post.id} onSignIn={() => void navigate('/auth')} />
          </Suspense>
        </div>
      ) : null}

      {shareOpen ? (
        <Suspense fallback={null}>
          <SharePostDialog post={post} open={shareOpen} onOpenChange={setShareOpen} />
        </Suspense>
      ) : null}

      {messageOpen ? (
        <Suspense fallback={null}>
          <MessageDialog
            recipientId={post.authorId}
            recipientName={post.authorName}
            open={messageOpen}
            onOpenChange={setMessageOpen}
          />
        </Suspense>
      ) : null}
    </article>
  );
}
