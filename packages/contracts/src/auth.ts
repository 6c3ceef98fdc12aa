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
} as const;

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
