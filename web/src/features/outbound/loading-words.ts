import type { LoadListWaybill } from "./api/loading-contracts.ts";

/** A waybill's van, or a tandem waybill's two vans, as the load list screens show them: "LADU1234565 / LADU1234570". */
export const vansOf = (w: Pick<LoadListWaybill, "containerVanNum" | "tandemContainerVanNum">): string =>
  [w.containerVanNum, w.tandemContainerVanNum].filter(Boolean).join(" / ");
