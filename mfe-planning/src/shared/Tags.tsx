import './shared.css';

/** A todo's tags as small chips (styled as the list's items: no class on each, a long list has 1,000 of them). */
export function Tags({ tags }: { tags: readonly string[] }) {
  if (tags.length === 0) return null;
  return (
    <ul className="planning-tags" aria-label="Tags">
      {tags.map((tag) => (
        <li key={tag}>{tag}</li>
      ))}
    </ul>
  );
}
