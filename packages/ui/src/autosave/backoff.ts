import { Timer } from './timer';

/**
 * When a failed save is tried again: after each delay of the series in turn (the last one
 * repeats), until a save goes through.
 */
export class Backoff {
  private attempt = 0;
  private readonly timer = new Timer();

  constructor(private readonly delays: readonly number[]) {}

  /** A retry is waiting for its time. */
  get waiting(): boolean {
    return this.timer.pending;
  }

  /** Runs `retry` after the next delay of the series. */
  schedule(retry: () => void): void {
    const delay = this.delays[Math.min(this.attempt, this.delays.length - 1)] ?? 30_000;
    this.attempt += 1;
    this.timer.set(delay, retry);
  }

  /** Drops the waiting retry, if any; true when there was one. */
  cancel(): boolean {
    return this.timer.cancel();
  }

  /** A save went through: the next failure starts the series again. */
  succeeded(): void {
    this.attempt = 0;
  }
}
