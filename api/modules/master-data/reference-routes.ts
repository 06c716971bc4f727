import { z } from "zod";
import { route, type RouteDef } from "../../http/route.ts";
import { AppError } from "../../shared/errors.ts";
import { CAPABILITIES, MENU_IDS, MENU_LABELS } from "../../shared/permissions.ts";
import { REFERENCE_LIST_KEYS, REFERENCE_LISTS, referenceListKey } from "../../shared/reference-lists.ts";

const tag = "Reference lists";

const listParam = z.object({
  list: z.string({ error: "list is required" }).trim().min(1, "list is required").max(60, "list can be at most 60 characters"),
});

/** Menus and capabilities a role can be given, for the role editor's checklists. */
function roleConstants() {
  return {
    menus: MENU_IDS.map((menuId) => ({ menuId, label: MENU_LABELS[menuId] })),
    capabilities: CAPABILITIES.map(({ id, label, group }) => ({ id, label, group })),
  };
}

export const referenceRoutes: RouteDef[] = [
  route({
    method: "get", path: "/Dbconstants", permission: "authenticated", tag,
    summary: "Every fixed reference list: packaging, vessel activities, van conditions, damages, charge, rate and policy codes",
    response: z.object({ data: z.record(z.string(), z.array(z.unknown())) }),
  }, () => ({ data: REFERENCE_LISTS })),
  route({
    method: "get", path: "/Dbconstants/{list}", permission: "authenticated", tag, params: listParam,
    summary: "One reference list by its key (any letter case)",
    response: z.object({ data: z.array(z.unknown()) }),
  }, ({ params }) => {
    const key = referenceListKey(params.list);
    if (!key) {
      throw new AppError("NOT_FOUND", `There is no reference list '${params.list}'. Known lists: ${REFERENCE_LIST_KEYS.join(", ")}`);
    }
    return { data: REFERENCE_LISTS[key] };
  }),
  route({
    method: "get", path: "/DbconstantsRoles", permission: "authenticated", tag,
    summary: "Menus and capabilities a role can grant, with their labels",
    response: z.object({
      data: z.object({
        menus: z.array(z.object({ menuId: z.string(), label: z.string() })),
        capabilities: z.array(z.object({ id: z.string(), label: z.string(), group: z.string() })),
      }),
    }),
  }, () => ({ data: roleConstants() })),
];
