/**
 * Citations as a search API gives them (Perplexity: `citations`, a list of URLs, and
 * `search_results`, [{title, url, date}]) made safe to show: real http(s) URLs only, each once,
 * numbered from 1, and every [n] in the answer pointing at one of them (a marker naming no
 * source is dropped; markers of a repeated source take its first number).
 */

export interface WebSource {
  url: string;
  title?: string;
  date?: string;
}

export interface Citation {
  url: string;
  title: string;
  site: string;
}

const MAX_CITATIONS = 30;

/** `www.example.com` → `example.com`; undefined when not an http(s) URL. */
export function siteOf(url: string): string | undefined {
  try {
    const u = new URL(url);
    if (u.protocol !== 'http:' && u.protocol !== 'https:') return undefined;
    return u.hostname.replace(/^www\./i, '');
  } catch {
    return undefined;
  }
}

const urlKey = (url: string) => url.trim().replace(/#.*$/, '').replace(/\/+$/, '').toLowerCase();

/** A marker such as [3], [1, 2] or [1-2]; never a markdown link's text. */
const MARKER = /\s?\[(\d{1,3}(?:\s*[,\u2013-]\s*\d{1,3})*)\](?!\()/g;

function numbersIn(inside: string): number[] {
  const out: number[] = [];
  for (const part of inside.split(',')) {
    const range = /^\s*(\d+)\s*[\u2013-]\s*(\d+)\s*$/.exec(part);
    if (range) {
      const [a, b] = [Number(range[1]), Number(range[2])];
      for (let n = a; n <= Math.min(b, a + MAX_CITATIONS); n++) out.push(n);
    } else out.push(Number(part.trim()));
  }
  return out;
}

/** The answer with its markers renumbered to the returned citations; `sources[i]` is what the answer calls [i+1]. */
export function tidyCitations(answer: string, sources: WebSource[]): { answer: string; citations: Citation[] } {
  const citations: Citation[] = [];
  const byUrl = new Map<string, number>();
  /** Old number (1-based) → new number. */
  const renumber = new Map<number, number>();
  sources.forEach((source, i) => {
    const site = siteOf(source.url ?? '');
    if (!site) return;
    const key = urlKey(source.url);
    let n = byUrl.get(key);
    if (n === undefined) {
      if (citations.length >= MAX_CITATIONS) return;
      citations.push({ url: source.url.trim(), title: source.title?.trim() || site, site });
      n = citations.length;
      byUrl.set(key, n);
    }
    renumber.set(i + 1, n);
  });
  const text = answer.replace(MARKER, (whole, inside: string) => {
    const mapped = [...new Set(numbersIn(inside).flatMap((n) => renumber.get(n) ?? []))];
    if (!mapped.length) return '';
    return `${whole.startsWith(' ') || whole.startsWith('\n') ? whole[0] : ''}${mapped.map((n) => `[${n}]`).join('')}`;
  });
  return { answer: text.replace(/[ \t]+([.,;:!?])/g, '$1').trim(), citations };
}

/** Every [n] of the answer, for checks: each must be 1..citations. */
export function citationNumbers(answer: string): number[] {
  return [...answer.matchAll(/\[(\d{1,3})\](?!\()/g)].map((m) => Number(m[1]));
}
