import { describe, expect, it } from '@jest/globals';
import { milestone, todo } from '../testing/fixtures';
import { keepUnchanged } from './keepUnchanged';

describe('a list read again keeps what did not change', () => {
  it('keeps unchanged todos as the same objects, and the same array when nothing changed', () => {
    const before = [todo({ id: 1, tags: ['a'] }), todo({ id: 2 }), todo({ id: 3 })];
    const same = before.map((t) => ({ ...t, tags: [...t.tags] }));
    expect(keepUnchanged(before, same)).toBe(before);

    const changed = same.map((t) => (t.id === 2 ? { ...t, completed: true, updated_at: 'later' } : t));
    const kept = keepUnchanged(before, changed);
    expect(kept).not.toBe(before);
    expect(kept[0]).toBe(before[0]);
    expect(kept[1]).toBe(changed[1]);
    expect(kept[1]!.completed).toBe(true);
    expect(kept[2]).toBe(before[2]);
  });

  it('follows new, removed and reordered records, tags and nested progress', () => {
    const before = [todo({ id: 1, tags: ['a'] }), todo({ id: 2 })];
    const next = [{ ...before[1]! }, { ...before[0]!, tags: ['a', 'b'] }, todo({ id: 9 })];
    const kept = keepUnchanged(before, next);
    expect(kept.map((t) => t.id)).toEqual([2, 1, 9]);
    expect(kept[0]).toBe(before[1]);
    expect(kept[1]!.tags).toEqual(['a', 'b']);
    expect(keepUnchanged(before, [before[0]!])).toEqual([before[0]]);

    const m = [milestone({ id: 5, progress: { done: 0, total: 2 } })];
    expect(keepUnchanged(m, [{ ...m[0]!, progress: { done: 0, total: 2 } }])).toBe(m);
    expect(keepUnchanged(m, [{ ...m[0]!, progress: { done: 1, total: 2 } }])[0]!.progress.done).toBe(1);
  });
});
