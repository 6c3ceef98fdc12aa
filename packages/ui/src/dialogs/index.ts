/**
 * @cc/ui/dialogs: in-app prompt, confirm and alert (never the browser's). Its own subpath, so
 * a page takes only the provider at first; the dialogs load when one is asked for.
 */
export { DialogProvider, useDialogs } from './DialogProvider';
export type { AlertOptions, ConfirmOptions, Dialogs, PromptOptions } from './types';
