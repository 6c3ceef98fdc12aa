/** How long ago a moment was, in words: one rule for the whole product (the Trash page says "deleted 3 days ago" with it). */
export { timeAgo } from '@cc/contracts/dates';

/** "1 character", "1,234 characters". */
export const charactersText = (n: number) => `${n.toLocaleString('en')} ${n === 1 ? 'character' : 'characters'}`;
