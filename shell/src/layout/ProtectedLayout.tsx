import { useState } from 'react';
import { Link, Navigate, Outlet, useLocation } from '@cc/ui/router';
import { api, ApiError, errorMessage, signInPath } from '@cc/client';
import type { SessionUser } from '@cc/contracts';
import { clearAccountStorage, setStorageAccount } from '@cc/ui/storage';
import { flushPendingSaves } from '@cc/ui/pending-saves';
import { useSession } from '../session/SessionProvider';
import { navItems } from '../routes';
import { FullPageStatus, SessionProblem } from '../pages/StatusPages';
import { SearchField } from '../search/SearchField';
import type { SignInNotice } from '../settings/messages';

export const UNSAVED_AT_SIGN_OUT =
  'Some of your latest changes are not saved, so you are still signed in. The editor says why; once they are saved, sign out again. Or sign out anyway and lose them.';

/** Header with the main navigation and the search field around every signed-in page. */
export function ProtectedLayout() {
  const { state, signedOut } = useSession();
  const location = useLocation();
  const [signingOut, setSigningOut] = useState(false);
  const [signOutError, setSignOutError] = useState<string | null>(null);
  const [unsaved, setUnsaved] = useState(false);

  if (state.status === 'loading') return <FullPageStatus text="Loading your workspace…" />;
  if (state.status === 'error') return <SessionProblem message={state.message} />;
  if (state.status === 'signed-out') {
    // Signed out by the user: plain /sign-in (saying so after a deletion). Otherwise come back here
    // after signing in (told why, when another tab signed out).
    const notice: SignInNotice | undefined = state.accountDeleted
      ? { accountDeleted: true }
      : state.elsewhere
        ? { signedOutElsewhere: true }
        : undefined;
    return <Navigate to={state.byUser ? '/sign-in' : signInPath(`${location.pathname}${location.search}`)} state={notice} replace />;
  }

  async function signOut(user: SessionUser, { anyway = false } = {}) {
    setSigningOut(true);
    setSignOutError(null);
    setUnsaved(false);
    // Text typed a moment ago goes to the server while the session still lets it in.
    if (!anyway && !(await flushPendingSaves())) {
      setUnsaved(true);
      setSigningOut(false);
      return;
    }
    // First, whatever the server answers (or if it never does): the next person at this
    // browser must not find this account's chats, drafts or counts.
    clearAccountStorage();
    try {
      await api.call('POST /auth/sign_out', undefined, { redirectOnUnauthorized: false });
    } catch (error) {
      // 401: the session was already gone, which is what we wanted.
      if (!(error instanceof ApiError && error.status === 401)) {
        // Still signed in: the page keeps working (and keeping drafts) for this account.
        setStorageAccount(user.id);
        setSignOutError(`Could not sign out: ${errorMessage(error)}`);
        setSigningOut(false);
        return;
      }
    }
    signedOut(true);
  }

  return (
    <div className="app">
      <header className="app-header">
        <Link to="/dashboard" className="brand">
          Career workspace
        </Link>
        <nav className="main-nav" aria-label="Main">
          {navItems().map((item) => {
            // A section is current on its own path and below it (/planning/milestones_view,
            // /journal/<any date>), which NavLink's own matching would not give the Journal link.
            const current = location.pathname === item.section || location.pathname.startsWith(`${item.section}/`);
            return (
              <Link
                key={item.label}
                to={item.to}
                className={current ? 'nav-link active' : 'nav-link'}
                aria-current={current ? 'page' : undefined}
              >
                {item.label}
              </Link>
            );
          })}
        </nav>
        <SearchField />
        <div className="user-menu">
          <span className="user-email" data-testid="user-email" title={state.user.email}>
            {state.user.email}
          </span>
          <Link to="/trash" className="button button-quiet" aria-current={location.pathname === '/trash' ? 'page' : undefined}>
            Trash
          </Link>
          <Link to="/settings" className="button button-quiet" aria-current={location.pathname === '/settings' ? 'page' : undefined}>
            Settings
          </Link>
          <button type="button" className="button button-quiet" onClick={() => void signOut(state.user)} disabled={signingOut}>
            {signingOut ? 'Signing out…' : 'Sign out'}
          </button>
        </div>
      </header>
      {signOutError && (
        <div className="banner banner-error" role="alert">
          {signOutError}
        </div>
      )}
      {unsaved && (
        <div className="banner banner-error" role="alert">
          {UNSAVED_AT_SIGN_OUT}{' '}
          <button type="button" className="button" onClick={() => void signOut(state.user, { anyway: true })}>
            Sign out anyway
          </button>
        </div>
      )}
      <main className="app-main">
        <Outlet />
      </main>
    </div>
  );
}
