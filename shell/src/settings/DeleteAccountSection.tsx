import { useId, useRef, useState, type FormEvent } from 'react';
import { api, ApiError, errorText } from '@cc/client';
import { clearAccountStorage } from '@cc/ui/storage';
import { useSession } from '../session/SessionProvider';
import { SETTINGS_TEXT } from './messages';

/**
 * Delete account: the password again and the typed word, then `DELETE /auth/account`
 * (docs/api.md#account-deletion). Once the server has deleted everything, the browser forgets
 * what it kept for the account, as at sign-out, and the sign-in page says the account is gone.
 */
export function DeleteAccountSection() {
  const { signedOut } = useSession();
  const id = useId();
  const passwordRef = useRef<HTMLInputElement>(null);
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const ready = password.length > 0 && confirmation.trim() === SETTINGS_TEXT.confirmWord;

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!ready || busy) return;
    setBusy(true);
    setError(null);
    try {
      await api.call('DELETE /auth/account', { body: { password } }, { redirectOnUnauthorized: false });
    } catch (caught) {
      // The server's reason says it all: a wrong password, too many tries, or a part that did not answer.
      setError(errorText(caught));
      if (caught instanceof ApiError && caught.status === 403) {
        setPassword('');
        passwordRef.current?.focus();
      }
      setBusy(false);
      return;
    }
    // As at sign-out (ProtectedLayout): nothing of the account stays in this browser.
    clearAccountStorage();
    signedOut(true, { accountDeleted: true });
  }

  return (
    <section className="panel settings-section settings-danger" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Delete account</h2>
      <p>
        Deleting your account removes everything in it for good: your folders, files and journal; your todos, milestones, action plans and
        check-ins; your people, meetings and About me profile; and every chat. You are signed out on every device. This cannot be undone.
      </p>
      <form onSubmit={submit} noValidate aria-describedby={error ? `${id}-error` : undefined}>
        <div className="field">
          <label htmlFor={`${id}-password`}>Your password</label>
          <input
            ref={passwordRef}
            id={`${id}-password`}
            name="password"
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            required
          />
        </div>
        <div className="field">
          <label htmlFor={`${id}-confirm`}>Type {SETTINGS_TEXT.confirmWord} to confirm</label>
          <input
            id={`${id}-confirm`}
            name="confirmation"
            type="text"
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            value={confirmation}
            onChange={(e) => setConfirmation(e.target.value)}
            aria-describedby={`${id}-confirm-hint`}
            required
          />
          <p className="field-hint" id={`${id}-confirm-hint`}>
            In capital letters. The button works once both fields are filled in.
          </p>
        </div>
        {error && (
          <div className="form-error" role="alert" id={`${id}-error`}>
            {error}
          </div>
        )}
        <button type="submit" className="button button-danger" disabled={!ready || busy}>
          {busy ? 'Deleting your account…' : 'Delete my account'}
        </button>
      </form>
    </section>
  );
}
