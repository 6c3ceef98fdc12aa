/** What the Settings page says, and the sign-in page after a deletion (docs/api.md#account-deletion) or a sign-out in another tab. */
export const SETTINGS_TEXT = {
  /** The word typed to confirm a deletion: one plain word, the same for every account. */
  confirmWord: 'DELETE',
  accountDeleted: 'Your account was deleted, with everything in it.',
  /** A tab left open when another tab of the browser signed out. */
  signedOutElsewhere: 'You signed out in another tab. Sign in again to come back to this page.',
} as const;

/** What the sign-in page is told (router state): after a deletion, or a sign-out in another tab. */
export interface SignInNotice {
  accountDeleted?: boolean;
  signedOutElsewhere?: boolean;
}
