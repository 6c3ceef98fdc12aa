import { Component, type ErrorInfo, type ReactNode } from 'react';

/**
 * @cc/ui/retry-boundary: an error boundary with Retry, for code loaded at run time (a
 * remote's page or panel, a lazy chunk). A subpath of its own so the shell can use it
 * without loading the whole of @cc/ui.
 */
export interface RetryBoundaryProps {
  /** Names what failed in the console, e.g. `[shell] the Planning section`. */
  name: string;
  /** Makes a new attempt possible (a new attempt number, a new React.lazy); called before the children show again. */
  onRetry: () => void;
  /** What to show instead of the children; `retry` calls onRetry and shows the children again. */
  fallback: (retry: () => void) => ReactNode;
  children: ReactNode;
}

interface State {
  error: unknown;
}

/** Catches children that fail to load (or to render) so the rest of the page keeps working. */
export class RetryBoundary extends Component<RetryBoundaryProps, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: unknown): State {
    return { error: error ?? new Error('Unknown error') };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error(`${this.props.name} failed`, error, info.componentStack);
  }

  private readonly retry = () => {
    this.props.onRetry();
    this.setState({ error: null });
  };

  override render() {
    if (this.state.error) return this.props.fallback(this.retry);
    return this.props.children;
  }
}
