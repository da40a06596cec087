import { BadgeCheck, CalendarDays, Users } from 'lucide-react';
import type { Profile } from '@saathi/contracts';
import { memberSinceText, peopleMetText } from '../lib/profile-trust';

/**
 * What helps someone decide to meet this person: how long they have been here (the month), a
 * proved email address, and how many people they met at activities — a count from check-ins,
 * never who or where (docs/privacy.md).
 */
export function ProfileTrustLines({
  profile,
  peopleMet,
}: {
  profile: Pick<Profile, 'memberSince' | 'emailVerified'>;
  peopleMet: number | undefined;
}) {
  return (
    <ul aria-label="About this member" className="mt-4 space-y-1 text-sm text-slate-700">
      <li className="flex items-center justify-center gap-1.5 sm:justify-start">
        <CalendarDays className="h-4 w-4 shrink-0 text-teal-700" aria-hidden="true" />
        {memberSinceText(profile.memberSince)}
      </li>
      {profile.emailVerified ? (
        <li className="flex items-center justify-center gap-1.5 sm:justify-start">
          <BadgeCheck className="h-4 w-4 shrink-0 text-teal-700" aria-hidden="true" />
          Email verified
        </li>
      ) : null}
      {peopleMet !== undefined ? (
        <li className="flex items-center justify-center gap-1.5 sm:justify-start">
          <Users className="h-4 w-4 shrink-0 text-teal-700" aria-hidden="true" />
          {peopleMetText(peopleMet)}
        </li>
      ) : null}
    </ul>
  );
}
