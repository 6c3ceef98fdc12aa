/** The question's parts: its lines, or its sentences ending in '?' when it is one paragraph. */
export function subQuestions(text: string): string[] {
  const lines = text
    .split(/\n+/)
    .map((l) => l.replace(/^\s*(?:[-*•]|\d+[.)])\s*/, '').trim())
    .filter(Boolean);
  if (lines.length > 1) return lines;
  const asked = text.match(/[^?]+\?/g)?.map((s) => s.trim()) ?? [];
  return asked.length > 1 ? asked : lines;
}
