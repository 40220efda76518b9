import { Component, type ErrorInfo, type ReactNode } from 'react';

/** A defect in rendering shows a message, never a blank page; the text is safe in autosave. */
export class ErrorBoundary extends Component<{ children: ReactNode }, { error?: Error }> {
  override state: { error?: Error } = {};

  static getDerivedStateFromError(error: Error) {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error('Context Lens render error', error, info.componentStack);
  }

  override render() {
    if (!this.state.error) return this.props.children;
    return (
      <div role="alert" className="m-6 rounded border border-red-300 bg-red-50 p-4 text-red-900">
        <h1 className="font-semibold">Something in Context Lens broke.</h1>
        <p className="mt-1 text-sm">{this.state.error.message}</p>
        <p className="mt-1 text-sm">Your input is saved in this browser. Reload to get it back.</p>
        <button
          type="button"
          className="mt-3 rounded border border-red-400 px-3 py-1"
          onClick={() => location.reload()}
        >
          Reload
        </button>
      </div>
    );
  }
}
