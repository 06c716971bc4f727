import type { WaitingAnswer, WaitingItem } from "../../../../../api/modules/home/schemas.ts";
import { api } from "../../../lib/api.ts";

export type { WaitingItem };

/** What waits for the signed-in user: only the lists with something in them. */
export const loadWaiting = () => api.get<WaitingAnswer>("/Home/waiting");
