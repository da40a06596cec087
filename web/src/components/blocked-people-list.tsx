import { useBlockToggle, useBlockedPeople } from '../api/use-safety';
import { runBlockAction } from '../lib/block-action';
import { profileDisplayName } from '../lib/names';
import { buttonSecondary, cardClass } from './ui';

/** One's own profile: the people one blocked, each with Unblock. */
export function BlockedPeopleList() {
  const blocked = useBlockedPeople();
  const { unblock } = useBlockToggle();
  const people = blocked.data ?? [];
  return (
    <section aria-labelledby="blocked-people-title" className={`${cardClass} mt-6`}>
      <h2 id="blocked-people-title" className="text-lg font-semibold text-slate-900">
        Blocked people
      </h2>
      {people.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600">
          {blocked.isLoading ? 'Loading…' : 'You have not blocked anyone.'}
        </p>
      ) : (
        <ul className="mt-3 divide-y divide-slate-100">
          {people.map((person) => {
            const name = profileDisplayName({ displayName: null, isOwn: false, user: person });
            return (
              <li key={person.userId} className="flex items-center justify-between gap-3 py-2">
                <span className="min-w-0 truncate text-slate-800">
                  {name} <span className="text-sm text-slate-600">@{person.username}</span>
                </span>
                <button
                  type="button"
                  className={buttonSecondary}
                  disabled={unblock.isPending}
                  onClick={() =>
                    void runBlockAction(() => unblock.mutateAsync(person.userId), `Unblocked ${name}`)
                  }
                >
                  Unblock
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
