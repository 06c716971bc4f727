import { route, type RouteDef } from "../../../http/route.ts";
import {
  archiveList,
  archiveListQuery,
  archiveMonths,
  archiveMonthsQuery,
  archiveVessels,
  archiveVesselsQuery,
  archiveVoyages,
  archiveVoyagesQuery,
  archiveYears,
} from "./schemas.ts";
import * as archive from "./service.ts";

const tag = "SI archive";
const permission = "CROACCOUNTING";

/** The SI archive (001 §7 SIPostingArchiving): posted invoices and their waybills by year, month, vessel and voyage. */
export const archiveRoutes: RouteDef[] = [
  route({
    method: "get", path: "/SIPostingArchiving/years", permission, tag,
    summary: "The years with posted invoices at the caller's branches, with their count and total",
    response: archiveYears,
  }, ({ deps, caller }) => archive.archiveYears(deps.db, caller)),
  route({
    method: "get", path: "/SIPostingArchiving/months", permission, tag, query: archiveMonthsQuery,
    summary: "The months of a year with posted invoices, with their count and total",
    response: archiveMonths,
  }, ({ deps, query, caller }) => archive.archiveMonths(deps.db, caller, query.year)),
  route({
    method: "get", path: "/SIPostingArchiving/vessels", permission, tag, query: archiveVesselsQuery,
    summary: "The vessels whose voyages have posted invoices in a month",
    response: archiveVessels,
  }, ({ deps, query, caller }) => archive.archiveVessels(deps.db, caller, query.year, query.month)),
  route({
    method: "get", path: "/SIPostingArchiving/voyages", permission, tag, query: archiveVoyagesQuery,
    summary: "A vessel's voyages with posted invoices in a month",
    response: archiveVoyages,
  }, ({ deps, query, caller }) => archive.archiveVoyages(deps.db, caller, query.year, query.month, query.vesselCode)),
  route({
    method: "get", path: "/SIPostingArchiving/list", permission, tag, query: archiveListQuery,
    summary: "Posted invoices with their waybills, by year and optionally month, vessel and voyage, with a search; read-only",
    response: archiveList,
  }, ({ deps, query, caller }) => archive.archiveList(deps.db, caller, query)),
];
