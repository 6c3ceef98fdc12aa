// The diff is shared with the browser so both compute the same lines.
export { lineDiff } from '@cc/contracts/diff';
