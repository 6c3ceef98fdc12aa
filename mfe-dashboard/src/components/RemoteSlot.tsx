import { Component, Suspense, use, useCallback, useState, type ReactNode } from 'react';
import { loadRemoteModule, nextAttempt } from './loadRemoteModule';

interface BoundaryProps {
  label: string;
  onRetry: () => void;
  children: ReactNode;
}

class SlotBoundary extends Component<BoundaryProps, { error: unknown }> {
  override state = { error: null as unknown };

  static getDerivedStateFromError(error: unknown) {
    return { error: error ?? new Error('Unknown error') };
  }

  override componentDidCatch(error: unknown): void {
    console.error(`[dashboard] the ${this.props.label} failed`, error);
  }

  private readonly retry = () => {
    this.props.onRetry();
    this.setState({ error: null });
  };

  override render() {
    if (!this.state.error) return this.props.children;
    return (
      <div className="remote-slot remote-slot-error" role="alert">
        <p>The {this.props.label} is unavailable right now.</p>
        <button type="button" className="button" onClick={this.retry}>
          Retry
        </button>
      </div>
    );
  }
}

function SlotContent({ id, attempt }: { id: string; attempt: number }) {
  const { default: Panel } = use(loadRemoteModule(id, attempt));
  return <Panel />;
}

/** A component from another remote, with its own loading state and error boundary. */
export function RemoteSlot({ id, label }: { id: string; label: string }) {
  const [attempt, setAttempt] = useState(nextAttempt);
  const retry = useCallback(() => setAttempt(nextAttempt()), []);
  return (
    <SlotBoundary label={label} onRetry={retry}>
      <Suspense
        fallback={
          <div className="remote-slot" role="status">
            Loading the {label}…
          </div>
        }
      >
        <SlotContent id={id} attempt={attempt} />
      </Suspense>
    </SlotBoundary>
  );
}
