/** Offline summaries: the first real point of each section, or the weightiest sentences. */
import { sentences, truncate } from '../text';

const MAX_POINTS = 6;
const PLACEHOLDER = /^\[.*\]$/;

export function offlineSummary(content: string): string {
  if (!content.trim()) return '';
  const points: string[] = [];
  let heading: string | undefined;
  let taken = false;
  for (const raw of content.split('\n')) {
    const h = raw.match(/^#{2,6}\s+(.+?)\s*#*$/);
    if (h) {
      heading = h[1];
      taken = false;
      continue;
    }
    if (/^#\s/.test(raw) || taken) continue;
    const text = raw
      .replace(/^\s*(?:[-*+]|\d+[.)])\s+(\[[ xX]\]\s+)?/, '')
      .replace(/^>\s*/, '')
      .trim();
    if (!text || PLACEHOLDER.test(text) || /^_.*_$/.test(text)) continue;
    const first = sentences(text)[0] ?? text;
    points.push(heading ? `**${heading}:** ${truncate(first, 160)}` : truncate(first, 160));
    taken = Boolean(heading);
    if (points.length >= MAX_POINTS) break;
  }
  return points.map((p) => `- ${p}`).join('\n');
}
