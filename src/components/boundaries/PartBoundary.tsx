import { Component, type ReactNode } from 'react';

// Contained failure: a part of the screen that throws (a chunk that did not load, a row the
// renderer cannot draw) is replaced by a line saying so, and the rest of the app keeps working.

interface Props {
  /** What stands in the failed part's place; `retry` draws the part again. */
  fallback: (retry: () => void, error: unknown) => ReactNode;
  /** Runs before a retry (a lazy part makes its loader anew). */
  onRetry?: () => void;
  children: ReactNode;
}

export class PartBoundary extends Component<Props, { error: unknown; failed: boolean }> {
  override state = { error: undefined as unknown, failed: false };

  static getDerivedStateFromError(error: unknown) {
    return { error, failed: true };
  }

  override componentDidCatch(error: unknown) {
    // Kept in the console for whoever reports it; the screen says it in words.
    console.error(error);
  }

  private readonly retry = () => {
    this.props.onRetry?.();
    this.setState({ error: undefined, failed: false });
  };

  override render() {
    return this.state.failed ? this.props.fallback(this.retry, this.state.error) : this.props.children;
  }
}
