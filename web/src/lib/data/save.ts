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

/**
 * A write on one row of a list (a delete, an activation): `busy` names the row while it runs, leaving is
 * guarded, the server's notice (or the error) is shown, and then `after` runs, whatever the outcome (a list
 * reads itself again after a write, failed or not).
 */
export function useRowAction<K>() {
  const [busy, setBusy] = useState<K | null>(null);
  const run = useCallback(async (key: K, work: () => Promise<{ message: string }>, after: () => void) => {
    setBusy(key);
    try {
      const result = await whileSaving(work);
      notify.success(result.message);
    } catch (error) {
      notify.error(errorText(error));
    } finally {
      setBusy(null);
      after();
    }
  }, []);
  return { busy, setBusy, run };
}
