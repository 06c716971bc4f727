import { atom } from "jotai";
import type { EntryDialog } from "../../lib/session-rules.ts";

/** Which of the entry dialogs (Choose CY, Choose Branch, Options To Choose) is open; null when none is. */
export const entryDialogAtom = atom<EntryDialog | null>(null);
