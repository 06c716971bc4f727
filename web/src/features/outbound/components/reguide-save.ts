import { useCallback, useState } from "react";
import { whileSaving } from "../../../lib/leave-guard.ts";
import { errorText, notify } from "../../../lib/notify.ts";

/**
 * The save of the vessel change and voyage transfer dialogs: leaving is guarded while it runs, the notice says
 * how it went, and the dialog closes either way (001 §2: their failures close the dialog), the list behind it
 * reading itself again so it shows what the server holds.
 */
export function useReguideSave(done: () => void) {
  const [saving, setSaving] = useState(false);
  const run = useCallback(async (work: () => Promise<{ message: string }>) => {
    setSaving(true);
    try {
      notify.success((await whileSaving(work)).message);
    } catch (error) {
      notify.error(errorText(error));
    } finally {
      setSaving(false);
      done();
    }
  }, [done]);
  return { saving, run };
}
