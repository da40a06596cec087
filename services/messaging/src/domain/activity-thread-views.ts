import { authorNameOf, initialsOf } from '@saathi/contracts';
import type { ActivityThread, ActivityThreadMessage, Participant } from '@saathi/contracts';
import { asDate } from '../db/as-date';
import type { ActivityThreadRow, ThreadMemberRow, ThreadMessageRow } from '../db/activity-threads-repository';

/** A name by the same rule as the conversation list: the profile's display name, else the account's. */
export function nameOf(row: {
  username: string | null;
  first_name: string | null;
  display_name: string | null;
}) {
  const account = row.username === null ? null : { username: row.username, firstName: row.first_name };
  const displayName = row.display_name?.trim();
  return {
    displayName: displayName || authorNameOf(account),
    initials: initialsOf(displayName ? { firstName: displayName } : account),
  };
}

export function toThreadMember(row: ThreadMemberRow): Participant {
  return { id: row.user_id, ...nameOf(row), profileImageUrl: row.profile_image_url };
}

export function toThreadMessage(row: ThreadMessageRow): ActivityThreadMessage {
  return {
    id: row.id,
    postId: row.post_id,
    senderId: row.sender_id,
    senderName: nameOf(row).displayName,
    content: row.content,
    createdAt: asDate(row.created_at).toISOString(),
  };
}

export function toActivityThread(
  row: ActivityThreadRow,
  members: readonly ThreadMemberRow[],
  lastMessage: ThreadMessageRow | undefined,
  now: Date,
): ActivityThread {
  const archivesAt = asDate(row.archives_at);
  return {
    postId: row.post_id,
    hostId: row.host_id,
    startsAt: asDate(row.starts_at).toISOString(),
    archivesAt: archivesAt.toISOString(),
    archived: archivesAt.getTime() <= now.getTime(),
    members: members.map(toThreadMember),
    lastMessage: lastMessage ? toThreadMessage(lastMessage) : null,
  };
}
