import { Component, type ErrorInfo, type ReactNode } from 'react';
import { RemoteUnavailable } from './RemoteStates';

interface Props {
  label: string;
  /** Called before the boundary shows its children again. */
  onRetry: () => void;
  children: ReactNode;
}

interface State {
  error: unknown;
}

/** Catches a remote that fails to load (or to render) so the rest of the app keeps working. */
export class RemoteErrorBoundary extends Component<Props, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: unknown): State {
    return { error: error ?? new Error('Unknown error') };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error(`[shell] the ${this.props.label} section failed`, error, info.componentStack);
  }

  private readonly retry = () => {
    this.props.onRetry();
    this.setState({ error: null });
  };

  override render() {
    if (this.state.error) return <RemoteUnavailable label={this.props.label} onRetry={this.retry} />;
    return this.props.children;
  }
}
