/** A story's first `max` tags as small chips (a list, so screen readers count them). */
export function BlogTags({ tags, max }: { tags: readonly string[]; max: number }) {
  const shown = tags.slice(0, max);
  if (shown.length === 0) return null;
  return (
    <ul className="mt-3 flex flex-wrap gap-1.5" aria-label="Tags">
      {shown.map((tag) => (
        <li key={tag} className="rounded-full bg-teal-50 px-2.5 py-0.5 text-xs font-medium text-teal-800">
          #{tag}
        </li>
      ))}
    </ul>
  );
}
