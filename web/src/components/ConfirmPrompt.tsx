import { Alert, H5, Intent } from "@blueprintjs/core";
import { atom, useAtom } from "jotai";
import { useRef } from "react";
import { store } from "../lib/session.ts";

export interface ConfirmOptions {
  title: string;
  description: string;
  actionText: string;
  intent?: Intent;
}

interface PendingPrompt extends ConfirmOptions {
  resolve: (confirmed: boolean) => void;
}

const promptAtom = atom<PendingPrompt | null>(null);

/** Asks the user to confirm; resolves true on the action button, false on cancel, Escape or a newer prompt. */
export function confirmPrompt(options: ConfirmOptions): Promise<boolean> {
  return new Promise((resolve) => {
    store.get(promptAtom)?.resolve(false);
    store.set(promptAtom, { ...options, resolve });
  });
}

/** Mounted once by the shell; renders whichever prompt is pending. */
export function ConfirmPromptHost() {
  const [pending, setPending] = useAtom(promptAtom);
  // Keep the last prompt's text while the closing animation plays, instead of an empty box.
  const shown = useRef<PendingPrompt | null>(null);
  if (pending) shown.current = pending;
  const content = pending ?? shown.current;

  const settle = (confirmed: boolean) => {
    pending?.resolve(confirmed);
    setPending(null);
  };

  return (
    <Alert
      isOpen={pending !== null}
      intent={content?.intent ?? Intent.PRIMARY}
      confirmButtonText={content?.actionText ?? "OK"}
      cancelButtonText="Cancel"
      canEscapeKeyCancel
      onConfirm={() => settle(true)}
      onCancel={() => settle(false)}
      className="lading-confirm"
    >
      <div data-testid="confirm-prompt">
        <H5>{content?.title}</H5>
        <p>{content?.description}</p>
      </div>
    </Alert>
  );
}
