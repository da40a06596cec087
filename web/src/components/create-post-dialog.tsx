import { useState, type SubmitEvent } from 'react';
import * as Dialog from '@radix-ui/react-dialog';
import { POST_CONTENT_MAX, areaNameOf, type PostHashtag } from '@saathi/contracts';
import { uploadPostPhoto } from '../api/post-photos';
import { useCreatePost } from '../api/use-feed';
import { serverMessage } from '../lib/error-message';
import type { UserLocation } from '../lib/location';
import type { PostDraftStart } from '../lib/post-starters';
import { toast } from '../lib/toast-store';
import { ActivityFields, defaultActivityForm, toActivityDraft, type ActivityForm } from './activity-fields';
import { DialogCloseButton } from './dialog-close-button';
import { TextAreaField } from './text-area-field';
import { HashtagPicker } from './hashtag-picker';
import { PhotoPicker } from './photo-picker';
import { buttonPrimary, buttonSecondary } from './ui';
import { ModalDialog } from './modal-dialog';

interface CreatePostDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  location: UserLocation | null;
  /** Text and hashtags to start from (a quiet area's one-tap starters). */
  draft?: PostDraftStart;
  /** An organiser posts an activity in their circle: always an activity, its members are told. */
  circle?: { id: string; name: string };
}

/** "Create New Post": what you want to do, hashtags from the fixed ten, at the chosen location. */
export default function CreatePostDialog({
  open,
  onOpenChange,
  location,
  draft,
  circle,
}: CreatePostDialogProps) {
  const [content, setContent] = useState(draft?.content ?? '');
  const [hashtags, setHashtags] = useState<PostHashtag[]>(draft?.hashtags ?? []);
  const [error, setError] = useState<string>();
  // A circle post must be an activity.
  const [isActivity, setIsActivity] = useState(!!circle);
  const [membersJoinAtOnce, setMembersJoinAtOnce] = useState(true);
  const [activity, setActivity] = useState<ActivityForm>(() => defaultActivityForm());
  const [photos, setPhotos] = useState<File[]>([]);
  const [uploading, setUploading] = useState(false);
  const createPost = useCreatePost();

  const toggle = (tag: PostHashtag) =>
    setHashtags((current) => (current.includes(tag) ? current.filter((t) => t !== tag) : [...current, tag]));

  const failed = (err: unknown) =>
    toast({
      title: 'Error',
      description: serverMessage(err) ?? 'Failed to create post. Please try again.',
      variant: 'destructive',
    });

  /** The photos go first, one by one (each is a large body); the post then names them. */
  const uploadPhotos = async (): Promise<string[] | null> => {
    setUploading(true);
    try {
      const ids: string[] = [];
      for (const file of photos) ids.push((await uploadPostPhoto(file)).id);
      return ids;
    } catch (err) {
      failed(err);
      return null;
    } finally {
      setUploading(false);
    }
  };

  const onSubmit = async (e: SubmitEvent) => {
    e.preventDefault();
    const text = content.trim();
    if (!text) {
      setError('Please enter some content for your post');
      return;
    }
    if (!location) {
      toast({ title: 'Error', description: 'Location is required to create a post', variant: 'destructive' });
      return;
    }
    setError(undefined);
    const photoIds = await uploadPhotos();
    if (!photoIds) return;
    createPost.mutate(
      {
        content: text,
        latitude: location.latitude,
        longitude: location.longitude,
        // No place name: it may be a typed address, and the server shows the area it derives.
        hashtags,
        ...(isActivity ? { activity: toActivityDraft(activity) } : {}),
        ...(photoIds.length > 0 ? { photoIds } : {}),
        ...(circle ? { circle: { id: circle.id, membersJoinAtOnce } } : {}),
      },
      {
        onSuccess: () => {
          toast({
            title: 'Post Created',
            description: circle
              ? `Your activity is posted, and the members of ${circle.name} are told.`
              : 'Your post is now visible to people nearby.',
          });
          setContent('');
          setHashtags([]);
          setIsActivity(!!circle);
          setActivity(defaultActivityForm());
          setPhotos([]);
          onOpenChange(false);
        },
        onError: failed,
      },
    );
  };

  return (
    <ModalDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Create New Post"
      description={
        <>
          {circle
            ? `An activity in ${circle.name}: its members are told, and people nearby see it too. `
            : ''}
          {location
            ? `Tell people within 1 km of ${location.locationName} what you would like to do. Others see the area: ${areaNameOf(location)}.`
            : 'Choose a location first.'}
        </>
      }
      width="lg"
    >
      <form onSubmit={(e) => void onSubmit(e)} className="mt-4 space-y-4" noValidate>
        <TextAreaField
          id="post-content"
          label="What are you looking for?"
          rows={4}
          maxLength={POST_CONTENT_MAX}
          value={content}
          onChange={setContent}
          error={error}
          placeholder="Looking for a gym buddy for 6am workouts..."
        />
        <HashtagPicker chosen={hashtags} onToggle={toggle} />
        <PhotoPicker files={photos} onChange={setPhotos} />
        <fieldset className="space-y-3">
          <label className="flex items-center gap-2 text-sm font-medium text-slate-800">
            <input
              type="checkbox"
              checked={isActivity}
              // A circle post is an activity: the box stays ticked.
              disabled={!!circle}
              onChange={(e) => setIsActivity(e.target.checked)}
              className="h-4 w-4 accent-teal-700"
            />
            Make it an activity
          </label>
          {isActivity ? <ActivityFields value={activity} onChange={setActivity} /> : null}
          {circle ? (
            <div>
              <label className="flex items-center gap-2 text-sm font-medium text-slate-800">
                <input
                  type="checkbox"
                  checked={membersJoinAtOnce}
                  onChange={(e) => setMembersJoinAtOnce(e.target.checked)}
                  aria-describedby="circle-members-join-hint"
                  className="h-4 w-4 accent-teal-700"
                />
                Members join at once
              </label>
              <p id="circle-members-join-hint" className="mt-1 text-xs text-slate-600">
                A member of {circle.name} who asks is in at once while spots last; others ask you as usual.
              </p>
            </div>
          ) : null}
        </fieldset>
        <div className="flex justify-end gap-2">
          <Dialog.Close className={buttonSecondary}>Cancel</Dialog.Close>
          <button type="submit" className={buttonPrimary} disabled={uploading || createPost.isPending}>
            {uploading ? 'Adding photos...' : createPost.isPending ? 'Posting...' : 'Create Post'}
          </button>
        </div>
      </form>
      <DialogCloseButton />
    </ModalDialog>
  );
}
