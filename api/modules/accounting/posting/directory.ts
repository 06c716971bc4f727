import type { BaseSettings } from "../../../http/config.ts";
import type { BaseDirectory } from "../../../shared/base-directory.ts";
import { connectorFor } from "./connector.ts";

/** What master data's getBranchIdFromBase, getItemCodeFromBase and getProfitCenterFromBase ask; null without a BASE. */
export function baseDirectoryOf(settings: BaseSettings | null): BaseDirectory | null {
  return connectorFor(settings)?.directory ?? null;
}
