import { useAtomValue, useSetAtom } from "jotai";
import { lazy, Suspense, useEffect, useRef, useState } from "react";
import { localStoreAvailable, readLocalUser, updateLocalUser, userFields, writeLocalUser } from "../../lib/local-user.ts";
import { entryDialogFor } from "../../lib/session-rules.ts";
import { type SessionUser, sessionAtom, signOutPendingAtom, store } from "../../lib/session.ts";
import { entryDialogAtom } from "./entry-state.ts";

const EntryDialogs = lazy(() => import("./EntryDialogs.tsx"));

/**
 * Claims this sign-in's entry dialog: true only the first time it is asked for a sign-in, so a reload (or a
 * second tab) does not greet the user again. The flag lives in the stored local user record.
 */
async function claimEntryDialog(user: SessionUser): Promise<boolean> {
  const stored = await readLocalUser();
  if (stored && stored.id === user.id) {
    if (stored.entryDialogShown) return false;
    await updateLocalUser(() => ({ entryDialogShown: true }));
    return true;
  }
  // With a working store a missing record means the session rule is signing the user out; stay quiet.
  if (await localStoreAvailable()) return false;
  await writeLocalUser({ ...userFields(user), devicelogin: user.devicelogin ?? user.dateModified, entryDialogShown: true });
  return true;
}

/** Offers the entry dialog once after each sign-in (000 §4) and hosts the dialogs the top bar opens. */
export function EntryDialogHost({ user }: { user: SessionUser }) {
  const open = useAtomValue(entryDialogAtom);
  const setOpen = useSetAtom(entryDialogAtom);
  const pending = useAtomValue(signOutPendingAtom);
  const [loaded, setLoaded] = useState(false);
  const latest = useRef(user);
  latest.current = user;

  useEffect(() => {
    if (pending) return;
    void claimEntryDialog(latest.current).then((claimed) => {
      const current = store.get(sessionAtom);
      if (!claimed || store.get(signOutPendingAtom) || current === "unknown" || current?.id !== user.id) return;
      const dialog = entryDialogFor(current);
      if (dialog) setOpen(dialog);
    });
  }, [user.id, pending, setOpen]);

  // A dialog left open when the session ended must not greet the next user.
  useEffect(() => () => setOpen(null), [user.id, setOpen]);

  useEffect(() => {
    if (open) setLoaded(true);
  }, [open]);

  if (pending || (!open && !loaded)) return null;
  return (
    <Suspense fallback={null}>
      <EntryDialogs user={user} />
    </Suspense>
  );
}
