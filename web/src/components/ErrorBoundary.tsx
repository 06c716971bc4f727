import { Button, NonIdealState } from "@blueprintjs/core";
import { Error as ErrorIcon } from "@blueprintjs/icons";
import { Component, type ReactNode } from "react";

interface State {
  error: Error | null;
}

/**
 * Keeps one broken page from blanking the whole app. The usual cause is a page chunk that no longer exists
 * on the server after an upgrade, which a reload fixes.
 */
export class ErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  override render() {
    if (!this.state.error) return this.props.children;
    return (
      <NonIdealState
        className="lading-page-state"
        icon={<ErrorIcon size={48} />}
        title="This page could not be shown"
        description={this.state.error.message}
        action={<Button intent="primary" text="Reload" onClick={() => location.reload()} />}
      />
    );
  }
}
