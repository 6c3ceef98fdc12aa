import { Link } from '@cc/ui/router';
import { useSession } from '../session/SessionProvider';
import { useDocumentTitle } from '../hooks/useDocumentTitle';

export function FullPageStatus({ text }: { text: string }) {
  return (
    <div className="full-page-status" role="status" aria-live="polite">
      <span className="spinner" aria-hidden="true" />
      {text}
    </div>
  );
}

/** The session probe failed for another reason than "signed out". */
export function SessionProblem({ message }: { message: string }) {
  const { reload } = useSession();
  useDocumentTitle('Career workspace');
  return (
    <div className="full-page-status" role="alert">
      <p>We could not check your session: {message}</p>
      <button type="button" className="button" onClick={reload}>
        Try again
      </button>
    </div>
  );
}

export function NotFoundPage() {
  useDocumentTitle('Page not found');
  return (
    <section className="page not-found" data-testid="not-found">
      <h1>Page not found</h1>
      <p>There is nothing at this address.</p>
      <p>
        <Link to="/dashboard">Go to the dashboard</Link>
      </p>
    </section>
  );
}
