import { Fragment } from 'react';
import { Link } from 'react-router-dom';
import { BadgeCheck, CalendarDays, Users, UsersRound } from 'lucide-react';
import type { OrganisedCircle, Profile } from '@saathi/contracts';
import { memberSinceText, peopleMetText } from '../lib/profile-trust';
import { linkClass } from './ui';

/**
 * What helps someone decide to meet this person: how long they have been here (the month), a
 * proved email address, and how many people they met at activities — a count from check-ins,
 * never who or where (docs/privacy.md) — and the circles they organise, by name, never where.
 */
export function ProfileTrustLines({
  profile,
  peopleMet,
  organises = [],
}: {
  profile: Pick<Profile, 'memberSince' | 'emailVerified'>;
  peopleMet: number | undefined;
  /** Left out when empty (most people) or not read. */
  organises?: readonly Pick<OrganisedCircle, 'id' | 'name'>[];
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
      {organises.length > 0 ? (
        <li className="flex items-center justify-center gap-1.5 sm:justify-start">
          <UsersRound className="h-4 w-4 shrink-0 text-teal-700" aria-hidden="true" />
          <span className="min-w-0 break-words">
            Organises{' '}
            {organises.map((circle, index) => (
              <Fragment key={circle.id}>
                {index > 0 ? ' · ' : null}
                <Link to={`/circles/${circle.id}`} className={linkClass}>
                  {circle.name}
                </Link>
              </Fragment>
            ))}
          </span>
        </li>
      ) : null}
    </ul>
  );
}
