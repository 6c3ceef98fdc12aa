import { PEOPLE_LIMITS as L, PEOPLE_MESSAGES as M, utf8Length } from '@cc/contracts/people-rules';

/**
 * What the page checks before sending an invitation: the service would refuse it too, but a
 * huge file is not uploaded only to be refused, and a binary file (a NUL) gets the invite's own
 * words rather than the service kit's general ones.
 */
export function inviteTextProblem(text: string): string | null {
  if (text.trim() === '') return M.inviteMissing;
  if (text.includes('\u0000')) return M.inviteNul;
  if (utf8Length(text) > L.inviteText) return M.inviteTooLarge;
  return null;
}

/** A dropped or chosen file's text, or why it is no invitation (a large one is not even read). */
export async function inviteFileText(file: Blob): Promise<{ text: string } | { problem: string }> {
  if (file.size > L.inviteText) return { problem: M.inviteTooLarge };
  const text = await readText(file);
  const problem = inviteTextProblem(text);
  return problem ? { problem } : { text };
}

/** A file's text as UTF-8 (FileReader: what every browser, and the tests' jsdom, reads a file with). */
function readText(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result ?? ''));
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read.'));
    reader.readAsText(file);
  });
}
