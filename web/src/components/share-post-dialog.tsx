import type { FeedPost } from '@saathi/contracts';
import {
  POST_SHARE_TARGETS,
  postLink,
  postShareText,
  postShareUrl,
  type PostShareTarget,
} from '../lib/post-share-links';
import { CopyLinkField } from './copy-link-field';
import { DialogCloseButton } from './dialog-close-button';
import { ModalDialog } from './modal-dialog';

const targetStyles: Record<PostShareTarget, string> = {
  twitter: 'bg-slate-900 text-white hover:bg-black',
  facebook: 'bg-[#1864d6] text-white hover:bg-[#1456b8]',
  linkedin: 'bg-[#0a66c2] text-white hover:bg-[#0856a4]',
  whatsapp: 'bg-[#11804a] text-white hover:bg-[#0d6a3d]',
  telegram: 'bg-[#1f6fa8] text-white hover:bg-[#195c8c]',
  reddit: 'bg-[#c73a0b] text-white hover:bg-[#a83109]',
};

interface SharePostDialogProps {
  post: Pick<FeedPost, 'id' | 'content'>;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** "Share Post": six share targets with the post's text (cut at 100 characters) and its link. */
export default function SharePostDialog({ post, open, onOpenChange }: SharePostDialogProps) {
  const link = postLink(window.location.origin, post.id);
  const text = postShareText(post.content);

  return (
    <ModalDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Share Post"
      description={text}
      descriptionClassName="mt-1 text-sm break-words text-slate-600"
    >
      <div className="mt-5 grid grid-cols-2 gap-2 sm:grid-cols-3">
        {POST_SHARE_TARGETS.map((target) => (
          <button
            key={target.id}
            type="button"
            className={`inline-flex items-center justify-center rounded-lg px-3 py-2.5 text-sm font-semibold focus-visible:ring-2 focus-visible:ring-teal-600 focus-visible:ring-offset-2 focus-visible:outline-none ${targetStyles[target.id]}`}
            onClick={() => window.open(postShareUrl(target.id, link, text), '_blank', 'noopener,noreferrer')}
          >
            {target.label}
          </button>
        ))}
      </div>
      <CopyLinkField
        id={`share-link-${post.id}`}
        label="Post link"
        link={link}
        copiedDescription="Post link copied to clipboard"
        withText
      />
      <DialogCloseButton />
    </ModalDialog>
  );
}
