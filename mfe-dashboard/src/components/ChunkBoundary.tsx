import { Component, type ReactNode } from 'react';

interface Props {
  /** What failed to load, e.g. 'editor'. */
  label: string;
  /** Makes a new attempt possible (e.g. a new React.lazy: a failed one stays failed). */
  onRetry: () => void;
  children: ReactNode;
}

/** Catches a lazy chunk that failed to load (or crashed) and offers to try again. */
export class ChunkBoundary extends Component<Props, { error: unknown }> {
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
        <p>The {this.props.label} could not be loaded.</p>
        <button type="button" className="button" onClick={this.retry}>
          Retry
        </button>
      </div>
    );
  }
}
