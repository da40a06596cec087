import { useRef, useState, type ChangeEvent, type SubmitEvent } from 'react';
import { Camera, Loader2 } from 'lucide-react';
import {
  BIO_MAX,
  DISPLAY_NAME_MAX,
  PROFILE_IMAGE_MAX_BYTES,
  profileBodySchema,
  type CurrentUser,
  type Interest,
  type Profile,
} from '@saathi/contracts';
import { useSaveProfile, useUploadProfileImage } from '../api/use-profile';
import { serverMessage } from '../lib/error-message';
import { ANONYMOUS_USER } from '../lib/names';
import { readFileAsDataUrl } from '../lib/read-file';
import { toast } from '../lib/toast-store';
import { InterestsPicker } from './interests-picker';
import { TextAreaField } from './text-area-field';
import { TextField } from './text-field';
import { buttonPrimary, buttonSecondary, cardClass } from './ui';
import { UserAvatar } from './user-avatar';

/**
 * The own profile in edit mode: display name, bio, picture upload, interests. Saving creates the profile
 * when there is none yet, else updates it; `onDone` returns to the view.
 */
export function EditProfileForm({
  me,
  profile,
  onDone,
}: {
  me: CurrentUser;
  profile: Profile | null;
  onDone: () => void;
}) {
  const [displayName, setDisplayName] = useState(profile?.displayName || me.username);
  const [bio, setBio] = useState(profile?.bio ?? '');
  const [imageUrl, setImageUrl] = useState<string | null>(
    profile?.profileImageUrl ?? me.profileImageUrl ?? null,
  );
  const [interests, setInterests] = useState<Interest[]>(profile?.interests ?? []);
  const fileInput = useRef<HTMLInputElement>(null);
  const save = useSaveProfile();
  const upload = useUploadProfileImage();

  const onFile = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = ''; // choosing the same file again still triggers a change
    if (!file) return;
    if (file.size > PROFILE_IMAGE_MAX_BYTES) {
      toast({
        title: 'File Too Large',
        description: 'Please select an image under 5MB.',
        variant: 'destructive',
      });
      return;
    }
    let imageData: string;
    try {
      imageData = await readFileAsDataUrl(file);
    } catch {
      toast({ title: 'Upload Failed', description: 'Failed to upload image', variant: 'destructive' });
      return;
    }
    upload.mutate(
      { imageData, imageType: file.type },
      {
        onSuccess: ({ imageUrl: uploaded }) => {
          setImageUrl(uploaded);
          toast({ title: 'Image Uploaded', description: 'Profile picture uploaded successfully.' });
        },
        onError: (error) =>
          toast({
            title: 'Upload Failed',
            description: serverMessage(error) ?? 'Failed to upload image',
            variant: 'destructive',
          }),
      },
    );
  };

  const onSubmit = (e: SubmitEvent) => {
    e.preventDefault();
    const name = displayName.trim() || me.username || ANONYMOUS_USER;
    const parsed = profileBodySchema.safeParse({
      displayName: name,
      bio,
      profileImageUrl: imageUrl,
      interests,
    });
    if (!parsed.success) {
      toast({
        title: 'Error',
        description: parsed.error.issues[0]?.message ?? 'Failed to update profile',
        variant: 'destructive',
      });
      return;
    }
    save.mutate(
      {
        userId: me.id,
        create: profile?.id == null,
        displayName: name,
        bio,
        profileImageUrl: imageUrl,
        interests,
      },
      {
        onSuccess: () => {
          toast({ title: 'Profile Updated', description: 'Your profile has been saved successfully.' });
          onDone();
        },
        onError: (error) =>
          toast({
            title: 'Error',
            description: serverMessage(error) ?? 'Failed to update profile',
            variant: 'destructive',
          }),
      },
    );
  };

  return (
    <form onSubmit={onSubmit} aria-label="Edit profile" className={`${cardClass} mt-6 space-y-5`} noValidate>
      <div className="flex items-center gap-4">
        <UserAvatar name={displayName.trim() || me.username} imageUrl={imageUrl} size="lg" />
        <div>
          <input
            ref={fileInput}
            type="file"
            accept="image/*"
            hidden
            aria-label="Profile picture file"
            onChange={(e) => void onFile(e)}
          />
          <button
            type="button"
            className={buttonSecondary}
            onClick={() => fileInput.current?.click()}
            disabled={upload.isPending}
          >
            {upload.isPending ? (
              <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" />
            ) : (
              <Camera className="h-4 w-4" aria-hidden="true" />
            )}
            {upload.isPending ? 'Uploading...' : 'Change Photo'}
          </button>
          <p className="mt-1 text-xs text-slate-600">JPG, PNG, WebP or GIF, under 5MB.</p>
        </div>
      </div>
      <TextField
        id="display-name"
        label="Display Name"
        maxLength={DISPLAY_NAME_MAX}
        value={displayName}
        onChange={setDisplayName}
      />
      <TextAreaField
        id="bio"
        label="Bio"
        rows={3}
        maxLength={BIO_MAX}
        value={bio}
        onChange={setBio}
        placeholder="Tell people what activities you enjoy"
      />
      <InterestsPicker chosen={interests} onChange={setInterests} />
      <div className="flex flex-wrap gap-2">
        <button type="submit" className={buttonPrimary} disabled={save.isPending || upload.isPending}>
          {save.isPending ? <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" /> : null}
          Save Changes
        </button>
        <button type="button" className={buttonSecondary} onClick={onDone} disabled={save.isPending}>
          Cancel
        </button>
      </div>
    </form>
  );
}
