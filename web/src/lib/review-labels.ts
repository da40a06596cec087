/**
 * Names the authors of a reported message's neighbours for the admin review screen without
 * showing who they are: the reported message's author is "Sender"; in a 1:1 conversation the
 * other is "Other person"; in an activity thread, where several members talk, each other member
 * is "Member 1", "Member 2"… in order of first appearance, so a reviewer can follow who said what.
 */
export function reviewAuthorLabels(
  thread: ReadonlyArray<{ authorId: string }>,
  senderId: string,
): Map<string, string> {
  const others: string[] = [];
  for (const { authorId } of thread)
    if (authorId !== senderId && !others.includes(authorId)) others.push(authorId);
  const labels = new Map<string, string>([[senderId, 'Sender']]);
  others.forEach((authorId, i) =>
    labels.set(authorId, others.length === 1 ? 'Other person' : `Member ${i + 1}`),
  );
  return labels;
}
