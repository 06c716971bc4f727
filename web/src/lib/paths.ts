import type { ComponentType, LazyExoticComponent } from "react";
import type { MenuId } from "../../../api/modules/roles/schemas.ts";
import type { Capability } from "../../../api/shared/permissions.ts";

/**
 * The web's side of the page table (api/shared/page-paths.ts, which the server shares for the links it sends),
 * and what a page receives from the router. Pages and features import these from here, never from app/.
 */
export { type PageName, PAGES, type PathParams, pathTo, vesselStowagePath } from "../../../api/shared/page-paths.ts";

/**
 * Who may open a route: a menu permission of the role, any signed-in user, only signed-out visitors, or
 * everybody (the public booking pages that customers open from links).
 */
export type Access = MenuId | "authenticated" | "signedOut" | "public";

/** What the router hands every page: the route it matched and the address parts. */
export interface PageProps {
  route: AppRoute;
  params: Record<string, string | undefined>;
}

export interface AppRoute {
  /** wouter pattern; matching ignores case, as the server does for its own paths. */
  path: string;
  title: string;
  access: Access;
  page: LazyExoticComponent<ComponentType<PageProps>>;
  /** Sends the visitor on to another route instead of rendering (the area has no page of its own). */
  redirectTo?: string;
  /** A report role the screen needs besides its menu (the revenue report's); the server asks for the same. */
  capability?: Capability;
  /** On an area's landing page, shown under its list of screens (Outbound: the voyages being loaded). */
  panel?: LazyExoticComponent<ComponentType>;
}
