import { useId, useState, type FormEvent } from 'react';
import { Link, Navigate, useLocation, useNavigate, useSearchParams } from '@cc/ui/router';
import { api, ApiError, NETWORK_ERROR_MESSAGE, safeNextPath } from '@cc/client';
import { useSession } from '../session/SessionProvider';
import { useDocumentTitle } from '../hooks/useDocumentTitle';
import { FullPageStatus } from './StatusPages';
import { SETTINGS_TEXT, type SignInNotice } from '../settings/messages';

type Mode = 'sign-in' | 'sign-up';

const TEXT = {
  'sign-in': {
    title: 'Sign in',
    submit: 'Sign in',
    busy: 'Signing in…',
    call: 'POST /auth/sign_in',
    switchText: 'No account yet?',
    switchLink: 'Create an account',
    switchTo: '/sign-up',
  },
  'sign-up': {
    title: 'Create your account',
    submit: 'Sign up',
    busy: 'Creating your account…',
    call: 'POST /auth/sign_up',
    switchText: 'Already have an account?',
    switchLink: 'Sign in',
    switchTo: '/sign-in',
  },
} as const;

export function AuthPage({ mode }: { mode: Mode }) {
  const text = TEXT[mode];
  const { state, signedIn } = useSession();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const location = useLocation();
  // The Settings page sends a deleted account here with a word about it, and a tab whose account
  // signed out in another tab comes here told so.
  const notice = mode === 'sign-in' ? (location.state as SignInNotice | null) : null;
  const accountDeleted = notice?.accountDeleted === true;
  const signedOutElsewhere = notice?.signedOutElsewhere === true;
  const rawNext = params.get('next');
  const next = safeNextPath(rawNext);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const id = useId();
  useDocumentTitle(mode === 'sign-in' ? 'Sign in' : 'Sign up');

  if (state.status === 'loading') return <FullPageStatus text="Loading…" />;
  if (state.status === 'signed-in') return <Navigate to={next} replace />;

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    setError(null);
    try {
      const answer = await api.call(text.call, { body: { email, password } }, { redirectOnUnauthorized: false });
      navigate(next, { replace: true });
      signedIn(answer);
    } catch (caught) {
      if (caught instanceof ApiError && caught.status !== 0) setError(caught.message);
      else setError(NETWORK_ERROR_MESSAGE);
      setBusy(false);
    }
  }

  const switchHref = rawNext ? `${text.switchTo}?next=${encodeURIComponent(next)}` : text.switchTo;

  return (
    <div className="auth-page">
      <form className="auth-card" onSubmit={submit} noValidate aria-labelledby={`${id}-title`} data-testid={`${mode}-form`}>
        <p className="brand brand-center">Career workspace</p>
        <h1 id={`${id}-title`}>{text.title}</h1>
        {(accountDeleted || signedOutElsewhere) && !error && (
          <div className="form-notice" role="status">
            {accountDeleted ? SETTINGS_TEXT.accountDeleted : SETTINGS_TEXT.signedOutElsewhere}
          </div>
        )}
        {error && (
          <div className="form-error" role="alert">
            {error}
          </div>
        )}
        <div className="field">
          <label htmlFor={`${id}-email`}>Email</label>
          <input
            id={`${id}-email`}
            name="email"
            type="email"
            autoComplete="email"
            inputMode="email"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            required
            autoFocus
          />
        </div>
        <div className="field">
          <label htmlFor={`${id}-password`}>Password</label>
          <input
            id={`${id}-password`}
            name="password"
            type="password"
            autoComplete={mode === 'sign-in' ? 'current-password' : 'new-password'}
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            aria-describedby={mode === 'sign-up' ? `${id}-password-hint` : undefined}
            required
          />
          {mode === 'sign-up' && (
            <p className="field-hint" id={`${id}-password-hint`}>
              At least 8 characters.
            </p>
          )}
        </div>
        <button type="submit" className="button button-primary button-block" disabled={busy}>
          {busy ? text.busy : text.submit}
        </button>
        <p className="auth-switch">
          {text.switchText} <Link to={switchHref}>{text.switchLink}</Link>
        </p>
      </form>
    </div>
  );
}
