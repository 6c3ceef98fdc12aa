/**
 * What the user may type instead of pressing a button. The offline coach's invitation says
 * 'Say "update the file" or press Update file', so those words must do what the button does.
 */
const UPDATE_FILE_COMMAND = /^(please )?update (the |my )?file( please| now)?$/;

/** "update the file", "Update the file.", "\"update the file\"", "please update the file"... */
export function isUpdateFileCommand(text: string): boolean {
  const normalized = text
    .trim()
    .toLowerCase()
    .replace(/^["'“”‘’]+|["'“”‘’.!]+$/g, '')
    .replace(/[\s,]+/g, ' ')
    .trim();
  return UPDATE_FILE_COMMAND.test(normalized);
}
