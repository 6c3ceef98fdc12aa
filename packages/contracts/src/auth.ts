import { z } from 'zod';

/** Messages a user sees from the /auth calls; the shell shows them as they come. */
export const AUTH_MESSAGES = {
  emailInvalid: 'Email is invalid',
  passwordTooShort: 'Password must be at least 8 characters',
  passwordTooLong: 'Password must be at most 200 characters',
  emailTaken: 'Email has already been taken',
  invalidCredentials: 'Invalid email or password',
  tooManyAttempts: 'Too many sign-in attempts. Please try again later.',
  notSignedIn: 'You need to sign in first',
  csrfInvalid: 'Invalid or missing CSRF token',
  passwordRequired: 'Enter your password to delete your account',
  passwordIncorrect: 'The password is not correct',
  tooManyDeletionAttempts: 'Too many wrong passwords. Please try again later.',
  /** Followed by the parts that did not answer (docs/api.md#account-deletion). */
  deletionIncomplete: 'Your account was not deleted because some of your data could not be deleted',
  deletionRetry: 'Part of your data may already be gone. Please try again.',
} as const;

/**
 * The parts of the workspace account deletion asks, by service, in the words its failure
 * message names them (docs/api.md#account-deletion).
 */
export const ACCOUNT_PARTS = {
  files: 'folders, files and journal',
  coaching: 'planning and coaching',
  people: 'people, meetings and About me',
  chat: 'chats',
} as const;
export type AccountPart = keyof typeof ACCOUNT_PARTS;

/** The route each service deletes the caller's rows on (in the route table). */
export const ACCOUNT_DELETION_PATHS: Record<AccountPart, string> = {
  files: '/files/account',
  coaching: '/coaching/account',
  people: '/people/account',
  chat: '/ai_chat/account',
};

/** `DELETE /auth/account`: the password again, as for signing in (the typed confirmation stays in the browser). */
export const deleteAccountBody = z.object({
  password: z
    .string({ error: AUTH_MESSAGES.passwordRequired })
    .min(1, { error: AUTH_MESSAGES.passwordRequired })
    .max(200, { error: AUTH_MESSAGES.passwordIncorrect }),
});
export type DeleteAccountBody = z.infer<typeof deleteAccountBody>;

export const credentialsSchema = z.object({
  email: z
    .string({ error: AUTH_MESSAGES.emailInvalid })
    .trim()
    .toLowerCase()
    .max(254, { error: AUTH_MESSAGES.emailInvalid })
    .pipe(z.email({ error: AUTH_MESSAGES.emailInvalid })),
  password: z
    .string({ error: AUTH_MESSAGES.passwordTooShort })
    .min(8, { error: AUTH_MESSAGES.passwordTooShort })
    .max(200, { error: AUTH_MESSAGES.passwordTooLong }),
});
export type Credentials = z.infer<typeof credentialsSchema>;

export const sessionUserSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  is_admin: z.boolean(),
});
export type SessionUser = z.infer<typeof sessionUserSchema>;

/** `GET /auth/session`, `POST /auth/sign_up`, `POST /auth/sign_in`. */
export const sessionAnswerSchema = z.object({
  success: z.literal(true),
  user: sessionUserSchema,
  csrf_token: z.string(),
});
export type SessionAnswer = z.infer<typeof sessionAnswerSchema>;

export const SESSION_COOKIE = 'cc_session';
export const CSRF_HEADER = 'x-csrf-token';
