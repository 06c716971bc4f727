import { useCallback, useState } from "react";
import { ApiError } from "../api.ts";
import { whileSaving } from "../leave-guard.ts";
import { errorText, notify } from "../notify.ts";

export interface FormSaveHandlers<R> {
  onSaved: (result: R) => void;
  /** The server's first message per field, when it refused the input; empty when it named no field. */
  onFieldErrors: (fieldErrors: Record<string, string>) => void;
}

/**
 * A form's save: `saving` is true while it runs and leaving the page is guarded; the server's notice is shown
 * on success, the error notice on failure, and a refusal's field details go back to the form.
 */
export function useFormSave() {
  const [saving, setSaving] = useState(false);
  const save = useCallback(async <R extends { message: string }>(work: () => Promise<R>, handlers: FormSaveHandlers<R>) => {
    setSaving(true);
    try {
      const result = await whileSaving(work);
      notify.success(result.message);
      handlers.onSaved(result);
    } catch (error) {
      notify.error(errorText(error));
      if (error instanceof ApiError) handlers.onFieldErrors(error.fieldErrors);
    } finally {
      setSaving(false);
    }
  }, []);
  return { saving, save };
}

/** Focuses an input once the current render is done: the Save button lost focus while it was disabled. */
export function focusSoon(id: string): void {
  setTimeout(() => document.getElementById(id)?.focus());
}
