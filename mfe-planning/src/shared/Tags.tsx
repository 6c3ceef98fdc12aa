import './shared.css';

/** A todo's tags as small chips. */
export function Tags({ tags }: { tags: readonly string[] }) {
  if (tags.length === 0) return null;
  return (
    <ul className="planning-tags" aria-label="Tags">
      {tags.map((tag) => (
        <li key={tag} className="planning-tag">
          {tag}
        </li>
      ))}
    </ul>
  );
}
