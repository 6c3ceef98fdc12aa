/** What the Settings page and the sign-in page after a deletion say (docs/api.md#account-deletion). */
export const SETTINGS_TEXT = {
  /** The word typed to confirm a deletion: one plain word, the same for every account. */
  confirmWord: 'DELETE',
  accountDeleted: 'Your account was deleted, with everything in it.',
} as const;

/** What the sign-in page is told by the Settings page after a deletion (router state). */
export interface SignInNotice {
  accountDeleted?: boolean;
}
