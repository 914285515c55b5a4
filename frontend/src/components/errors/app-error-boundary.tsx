import { Component, type ReactNode } from 'react';
import { ErrorFallback } from './error-fallback';

interface AppErrorBoundaryProps {
  children: ReactNode;
  /**
   * When it changes (the page's address), a panel shown gives way to the children again. Not a React key: a key
   * would remount the page's Suspense on every navigation, showing the loading line instead of keeping the old page
   * until the next one is ready.
   */
  resetKey?: string;
}

interface AppErrorBoundaryState {
  error: unknown;
  hasError: boolean;
}

/**
 * Shows the error panel instead of what failed to render: around the whole app (providers, the router), and
 * around each page inside the layout.
 */
export class AppErrorBoundary extends Component<AppErrorBoundaryProps, AppErrorBoundaryState> {
  override state: AppErrorBoundaryState = { error: undefined, hasError: false };

  static getDerivedStateFromError(error: unknown): AppErrorBoundaryState {
    return { error, hasError: true };
  }

  override componentDidUpdate(previous: AppErrorBoundaryProps) {
    if (this.state.hasError && previous.resetKey !== this.props.resetKey) this.setState({ error: undefined, hasError: false });
  }

  override render() {
    return this.state.hasError ? <ErrorFallback error={this.state.error} /> : this.props.children;
  }
}
