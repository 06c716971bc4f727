import type { WhatsNewEntry } from "../../../../../api/modules/whats-new/schemas.ts";
import type { ListResult } from "../../../../../api/shared/contracts.ts";
import { api } from "../../../lib/api.ts";

export { WHATS_NEW_DEFAULT_PAGE_SIZE, WHATS_NEW_PAGE_SIZES } from "../../../../../api/modules/whats-new/schemas.ts";
export type { WhatsNewEntry };

export const loadWhatsNew = (query: { skip: number; take: number }) => api.get<ListResult<WhatsNewEntry>>("/WhatsNew/load", { ...query });
