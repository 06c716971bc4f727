import { branches, containerYards, ports } from "../../../db/schema/master-data.ts";
import { makeCrudService } from "../../shared/crud.ts";

/** Master-data entities described once; services and routes are generated from these. */
export const branchService = makeCrudService({
  label: "Branch",
  table: branches,
  searchable: [branches.code, branches.name],
  orderBy: [branches.code],
});

export const portService = makeCrudService({
  label: "Port",
  table: ports,
  searchable: [ports.code, ports.name, ports.branchCode, ports.location],
  orderBy: [ports.code],
  filterColumns: { branchCode: ports.branchCode },
  parent: { field: "branchCode", label: "Branch", table: branches },
});

export const containerYardService = makeCrudService({
  label: "Container Yard",
  table: containerYards,
  searchable: [containerYards.code, containerYards.name, containerYards.branchCode],
  orderBy: [containerYards.code],
  filterColumns: { branchCode: containerYards.branchCode },
  parent: { field: "branchCode", label: "Branch", table: branches },
});
