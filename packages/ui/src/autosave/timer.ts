/** One call waiting for its time: setting another replaces it. */
export class Timer {
  private handle: ReturnType<typeof setTimeout> | undefined;

  get pending(): boolean {
    return this.handle !== undefined;
  }

  set(ms: number, call: () => void): void {
    this.cancel();
    this.handle = setTimeout(() => {
      this.handle = undefined;
      call();
    }, ms);
  }

  /** Drops the waiting call, if any; true when there was one. */
  cancel(): boolean {
    if (this.handle === undefined) return false;
    clearTimeout(this.handle);
    this.handle = undefined;
    return true;
  }
}
