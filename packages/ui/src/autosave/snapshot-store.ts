/** A value that changes as a whole and tells its listeners (the shape useSyncExternalStore reads). */
export class SnapshotStore<S extends object> {
  private readonly listeners = new Set<() => void>();

  constructor(private value: S) {}

  get = (): S => this.value;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** Changes some fields; listeners hear of it only when one of them changed (compared with ===). */
  update(next: Partial<S>): void {
    const merged = { ...this.value, ...next };
    if ((Object.keys(merged) as (keyof S)[]).every((key) => merged[key] === this.value[key])) return;
    this.value = merged;
    for (const listener of [...this.listeners]) listener();
  }

  /** Nobody listens any more. */
  close(): void {
    this.listeners.clear();
  }
}
