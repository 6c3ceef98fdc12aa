export function median(values: readonly number[]): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

export function min(values: readonly number[]): number {
  return Math.min(...values);
}

export function max(values: readonly number[]): number {
  return Math.max(...values);
}

export function kib(bytes: number): string {
  return `${(bytes / 1024).toFixed(1)} KiB`;
}

export function ms(value: number): string {
  return `${Math.round(value)} ms`;
}

export function int(value: number): string {
  return Math.round(value).toLocaleString('en-US');
}

/** "min …, max …, n=…" for a row's notes. */
export function spread(values: readonly number[]): string {
  return `min ${ms(min(values))}, max ${ms(max(values))}, n=${values.length}`;
}
