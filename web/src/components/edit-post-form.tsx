import { useId, useState, type SubmitEvent } from 'react';
import { Loader2 } from 'lucide-react';
import { POST_CONTENT_MAX, POST_HASHTAGS, type FeedPost, type PostHashtag } from '@saathi/contracts';
import { useEditPost } from '../api/use-feed';
import { handleUnauthorized } from '../lib/unauthorized';
import { editErrorMessage } from './edit-error';
import { TextAreaField } from './text-area-field';
import { HashtagPicker } from './hashtag-picker';
import { buttonPrimary, buttonSecondary } from './ui';

const knownTag = (tag: string): tag is PostHashtag => (POST_HASHTAGS as readonly string[]).includes(tag);

/**
 * The author's inline editor of their post: its text and hashtags, Save and Cancel. The server
 * checks it as a new post (and refuses after 24 hours); its message shows under the field.
 */
export default function EditPostForm({ post, onDone }: { post: FeedPost; onDone: () => void }) {
  const id = useId();
  const edit = useEditPost(post.id);
  const [content, setContent] = useState(post.content);
  const [hashtags, setHashtags] = useState<PostHashtag[]>(post.hashtags.filter(knownTag));
  const [error, setError] = useState<string | undefined>();

  const toggle = (tag: PostHashtag) =>
    setHashtags((chosen) => (chosen.includes(tag) ? chosen.filter((one) => one !== tag) : [...chosen, tag]));

  const save = (e: SubmitEvent) => {
    e.preventDefault();
    if (edit.isPending) return;
    if (!content.trim()) {
      setError('Please enter some content for your post');
      return;
    }
    setError(undefined);
    edit.mutate(
      { content, hashtags },
      {
        onSuccess: onDone,
        onError: (failure) => {
          if (handleUnauthorized(failure)) return;
          setError(editErrorMessage(failure, 'Failed to save your post. Please try again.'));
        },
      },
    );
  };

  return (
    <form onSubmit={save} className="mt-3 space-y-3" aria-label="Edit post">
      <TextAreaField
        id={`${id}-content`}
        label="Edit your post"
        rows={4}
        maxLength={POST_CONTENT_MAX}
        value={content}
        onChange={setContent}
        error={error}
        autoFocus
      />
      <HashtagPicker chosen={hashtags} onToggle={toggle} />
      <div className="flex justify-end gap-2">
        <button type="button" className={buttonSecondary} onClick={onDone} disabled={edit.isPending}>
          Cancel
        </button>
        <button type="submit" className={buttonPrimary} disabled={edit.isPending}>
          {edit.isPending ? <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" /> : null}
          {edit.isPending ? 'Saving...' : 'Save'}
        </button>
      </div>
    </form>
  );
}
