import { atom } from "jotai";

/** Unread notifications for the bell's badge; stays 0 until the notifications module serves them. */
export const unreadCountAtom = atom(0);
