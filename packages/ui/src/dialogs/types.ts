/** A question with a text answer: the in-app `prompt`. */
export interface PromptOptions {
  title: string;
  /** The field's label (the question, e.g. the explorer's 'Folder name:'). */
  label: string;
  initial?: string;
  /**
   * The problem with a value, or null when it can be submitted. Run as the user types: the
   * message shows under the field and the submit button is disabled while there is one.
   */
  validate?: (value: string) => string | null;
  /** Default 'OK'. */
  confirmLabel?: string;
  /** Default 'Cancel'. */
  cancelLabel?: string;
  maxLength?: number;
  placeholder?: string;
}

/** A yes/no question: the in-app `confirm`. */
export interface ConfirmOptions {
  title: string;
  message: string;
  /** Default 'OK'. */
  confirmLabel?: string;
  /** Default 'Cancel'. */
  cancelLabel?: string;
  /** A destructive action: the button is red, and the focus starts on Cancel. */
  danger?: boolean;
}

/** A message to acknowledge: the in-app `alert`. */
export interface AlertOptions {
  title: string;
  message: string;
  /** Default 'OK'. */
  closeLabel?: string;
}

/**
 * The dialogs a page asks for. Each answers when the user closes it: a prompt with the text
 * typed (null: cancelled), a confirm with true only for its confirm button, an alert when
 * dismissed. Escape, the × button and a backdrop click cancel.
 */
export interface Dialogs {
  prompt: (options: PromptOptions) => Promise<string | null>;
  confirm: (options: ConfirmOptions) => Promise<boolean>;
  alert: (options: AlertOptions) => Promise<void>;
}

/** One open dialog, as the host renders it; `settle` answers it and closes it (once). */
export type DialogRequest =
  | { id: number; kind: 'prompt'; options: PromptOptions; settle: (answer: string | null) => void }
  | { id: number; kind: 'confirm'; options: ConfirmOptions; settle: (answer: boolean) => void }
  | { id: number; kind: 'alert'; options: AlertOptions; settle: (answer: void) => void };
