import type { PeerClient } from '@cc/service-kit';
import type { z } from 'zod';
import { PEOPLE_TIMEOUT_MS } from '../people';

/**
 * All of one page's reads, the chained ones included (a meeting, then its attendees, then the
 * last meeting with them): past it no read starts and the chat answers with what arrived, so a
 * slow peer delays a reply by at most this much.
 */
export const PAGE_FACTS_BUDGET_MS = 2500;
/** A read with less time left than this is not started. */
const MIN_READ_MS = 100;

/** The peers a page's facts come from, asked as the caller, and what could not be read. */
export interface FactReads {
  people: PeerClient;
  coaching: PeerClient;
  /** `Date.now()` past which no read starts. */
  deadline: number;
  /** Which facts are missing and why, for the log: names and reasons only, never content. */
  missing: string[];
  /**
   * The reads under way, by fact and path: one page's reads of the same thing are one request
   * (a chat's retrieval asks the person's name or the meeting's title the page reads anyway).
   */
  underway?: Map<string, Promise<unknown>>;
}

export function factReads(people: PeerClient, coaching: PeerClient, now = Date.now()): FactReads {
  return { people, coaching, deadline: now + PAGE_FACTS_BUDGET_MS, missing: [], underway: new Map() };
}

/**
 * One fact from a peer: its checked answer, or undefined when it cannot be had (no URL, down,
 * slow, refused, an odd answer). Each read waits at most PEOPLE_TIMEOUT_MS and never past the
 * page's deadline.
 */
export function readFact<S extends z.ZodType>(
  reads: FactReads,
  peer: PeerClient,
  path: string,
  schema: S,
  fact: string,
): Promise<z.output<S> | undefined> {
  const key = `${fact} ${path}`;
  const known = reads.underway?.get(key) as Promise<z.output<S> | undefined> | undefined;
  if (known) return known;
  const read = readOnce(reads, peer, path, schema, fact);
  reads.underway?.set(key, read);
  return read;
}

async function readOnce<S extends z.ZodType>(
  reads: FactReads,
  peer: PeerClient,
  path: string,
  schema: S,
  fact: string,
): Promise<z.output<S> | undefined> {
  const left = reads.deadline - Date.now();
  if (left < MIN_READ_MS) {
    reads.missing.push(`${fact}: out of time`);
    return undefined;
  }
  const answer = await peer.get(path, schema, { timeoutMs: Math.min(PEOPLE_TIMEOUT_MS, left) });
  if (answer.ok) return answer.body;
  reads.missing.push(`${fact}: ${answer.reason}${answer.status ? ` ${answer.status}` : ''}`);
  return undefined;
}

/** A user's text bounded for the model: trimmed, and cut with an ellipsis past `max` characters. */
export function clip(text: string | null | undefined, max: number): string {
  const t = (text ?? '').trim();
  return t.length > max ? `${t.slice(0, max - 1).trimEnd()}…` : t;
}
