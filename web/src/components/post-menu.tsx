import { useState } from 'react';
import * as Dialog from '@radix-ui/react-dialog';
import { Ban, Flag, Loader2, MoreHorizontal, Pencil, Trash2 } from 'lucide-react';
import type { FeedPost } from '@saathi/contracts';
import { useDeletePost } from '../api/use-feed';
import { useBlockToggle } from '../api/use-safety';
import { runBlockAction } from '../lib/block-action';
import { ReportDialog } from './report-dialog';
import { handleUnauthorized } from '../lib/unauthorized';
import { toast } from '../lib/toast-store';
import { buttonSecondary } from './ui';
import { ModalDialog } from './modal-dialog';
import { OptionsMenu, OptionsMenuItem } from './options-menu';

/**
 * The post's menu for a signed-in viewer: Edit (the author, within 24 hours), Delete Post (author or admin, behind a confirmation);
 * on someone else's post, Report post and Block the author.
 */
export default function PostMenu({
  post,
  canDelete,
  isOwn,
  onDeleted,
  onEdit,
}: {
  post: Pick<FeedPost, 'id' | 'authorId' | 'authorName' | 'content'>;
  canDelete: boolean;
  isOwn: boolean;
  onDeleted?: (() => void) | undefined;
  /** Opens the card's inline editor; absent when the viewer may not edit (not theirs, or past 24 hours). */
  onEdit?: (() => void) | undefined;
}) {
  const postId = post.id;
  const [confirmOpen, setConfirmOpen] = useState(false);
  const [reportOpen, setReportOpen] = useState(false);
  const deletePost = useDeletePost();
  const { block } = useBlockToggle();

  const confirmDelete = async () => {
    try {
      // Awaited rather than through mutate's callbacks: on success the card (and this menu) leaves
      // the page, and the toast must still show.
      await deletePost.mutateAsync(postId);
      toast({ title: 'Post Deleted', description: 'Your post has been removed.' });
      setConfirmOpen(false);
      onDeleted?.();
    } catch (error) {
      setConfirmOpen(false);
      if (handleUnauthorized(error)) return;
      toast({
        title: 'Error',
        description: 'Failed to delete post. Please try again.',
        variant: 'destructive',
      });
    }
  };

  return (
    <>
      <OptionsMenu
        label="Post options"
        icon={<MoreHorizontal className="h-4 w-4" aria-hidden="true" />}
        triggerClassName="tap-target relative h-8 w-8 hover:bg-slate-100 hover:text-slate-900"
        align="end"
      >
        {onEdit ? (
          <OptionsMenuItem onSelect={onEdit}>
            <Pencil className="h-4 w-4" aria-hidden="true" /> Edit
          </OptionsMenuItem>
        ) : null}
        {canDelete ? (
          <OptionsMenuItem tone="danger" onSelect={() => setConfirmOpen(true)}>
            <Trash2 className="h-4 w-4" aria-hidden="true" /> Delete Post
          </OptionsMenuItem>
        ) : null}
        {isOwn ? null : (
          <>
            <OptionsMenuItem onSelect={() => setReportOpen(true)}>
              <Flag className="h-4 w-4" aria-hidden="true" /> Report post
            </OptionsMenuItem>
            <OptionsMenuItem
              tone="danger"
              onSelect={() =>
                void runBlockAction(() => block.mutateAsync(post.authorId), `Blocked ${post.authorName}`)
              }
            >
              <Ban className="h-4 w-4" aria-hidden="true" /> Block {post.authorName}
            </OptionsMenuItem>
          </>
        )}
      </OptionsMenu>

      {reportOpen ? (
        <ReportDialog
          open={reportOpen}
          onOpenChange={setReportOpen}
          target={{ kind: 'post', id: post.id, excerpt: post.content }}
        />
      ) : null}

      <ModalDialog
        open={confirmOpen}
        onOpenChange={(open) => !deletePost.isPending && setConfirmOpen(open)}
        title="Delete Post"
        description="Are you sure you want to delete this post? This cannot be undone."
        descriptionClassName="mt-2 text-sm text-slate-600"
        width="sm"
        role="alertdialog"
      >
        <div className="mt-6 flex justify-end gap-2">
          <Dialog.Close className={buttonSecondary} disabled={deletePost.isPending}>
            Cancel
          </Dialog.Close>
          <button
            type="button"
            onClick={() => void confirmDelete()}
            disabled={deletePost.isPending}
            className="inline-flex items-center justify-center gap-2 rounded-lg bg-red-700 px-4 py-2.5 text-sm font-semibold text-white shadow-sm hover:bg-red-800 focus-visible:ring-2 focus-visible:ring-red-600 focus-visible:ring-offset-2 focus-visible:outline-none disabled:opacity-60"
          >
            {deletePost.isPending ? <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" /> : null}
            {deletePost.isPending ? 'Deleting...' : 'Delete'}
          </button>
        </div>
      </ModalDialog>
    </>
  );
}
