import * as AvatarPrimitive from '@radix-ui/react-avatar';
import type { Participant } from '@saathi/contracts';
import { isRealProfileImage } from '../lib/names';

/** The other person's picture, else their initials (the name beside it is what is read out). */
export function ParticipantAvatar({ participant }: { participant: Participant }) {
  const image = participant.profileImageUrl;
  return (
    <AvatarPrimitive.Root className="relative inline-flex h-10 w-10 shrink-0 items-center justify-center overflow-hidden rounded-full bg-teal-100 text-sm">
      {isRealProfileImage(image) ? (
        <AvatarPrimitive.Image src={image} alt="" className="h-full w-full object-cover" />
      ) : null}
      <AvatarPrimitive.Fallback
        className="font-semibold text-teal-900"
        aria-hidden="true"
        delayMs={isRealProfileImage(image) ? 300 : 0}
      >
        {participant.initials || participant.displayName.slice(0, 1).toUpperCase()}
      </AvatarPrimitive.Fallback>
    </AvatarPrimitive.Root>
  );
}
