import * as AvatarPrimitive from '@radix-ui/react-avatar';
import clsx from 'clsx';
import { avatarLetter, isRealProfileImage } from '../lib/names';

interface UserAvatarProps {
  name: string;
  imageUrl?: string | null;
  size?: 'sm' | 'lg';
  className?: string;
}

// Our own uploads are served resized (`?size=`) for 36 px and 96 px avatars at 2× density.
const OWN_UPLOAD = /^\/api\/upload\/profile-image\/[^/?]+$/;
function sizedSrc(url: string, size: 'sm' | 'lg'): string {
  return OWN_UPLOAD.test(url) ? `${url}?size=${size === 'lg' ? 256 : 96}` : url;
}

/** An avatar: the image when there is a real one, else the initial letter of the name. */
export function UserAvatar({ name, imageUrl, size = 'sm', className }: UserAvatarProps) {
  return (
    <AvatarPrimitive.Root
      className={clsx(
        'relative inline-flex shrink-0 items-center justify-center overflow-hidden rounded-full bg-teal-100 align-middle',
        size === 'lg' ? 'h-24 w-24 text-3xl' : 'h-9 w-9 text-sm',
        className,
      )}
    >
      {isRealProfileImage(imageUrl) ? (
        <AvatarPrimitive.Image
          src={sizedSrc(imageUrl, size)}
          alt={`${name}'s profile picture`}
          className="h-full w-full object-cover"
        />
      ) : null}
      <AvatarPrimitive.Fallback
        className="font-semibold text-teal-900"
        aria-hidden="true"
        delayMs={isRealProfileImage(imageUrl) ? 300 : 0}
      >
        {avatarLetter(name)}
      </AvatarPrimitive.Fallback>
    </AvatarPrimitive.Root>
  );
}
