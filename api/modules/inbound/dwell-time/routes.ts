import { fileResponse } from "../../../http/files.ts";
import { route, type RouteDef } from "../../../http/route.ts";
import { dwellTimeWorkbook } from "./documents.ts";
import { dwellTimeQuery, dwellTimeReport as dwellTimeAnswer } from "./schemas.ts";
import { dwellTimeReport } from "./service.ts";

const tag = "Inbound";
const permission = "INBOUND";

/** Dwell time (001 §7 InBound; also listed among the Bookings reports, hence the second spelling). */
export const dwellTimeRoutes: RouteDef[] = [
  route({
    method: "get", path: "/InBound/dwellTime", permission, tag, query: dwellTimeQuery,
    aliases: [{ method: "get", path: "/Bookings/reports/dwellTime" }],
    summary: "Dwell time: the waybills whose final inbound tally fell in a period (Manila dates) at the caller's branches, the days " +
      "from it to the cargo release order and to the van-in, averaged per voyage and destination branch",
    response: dwellTimeAnswer,
  }, ({ deps, query, caller }) => dwellTimeReport(deps.db, caller, query)),
  route({
    method: "get", path: "/InBound/dwellTime/download", permission, tag, query: dwellTimeQuery,
    aliases: [{ method: "get", path: "/Bookings/reports/dwellTime/download" }],
    summary: "Dwell time as Dwell_Time_{from}_{to}.xlsx: a sheet per voyage and branch, and the waybills",
  }, async ({ deps, query, caller }) => fileResponse((await dwellTimeWorkbook(deps.db, caller, query)).file)),
];
