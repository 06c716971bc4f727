import { z } from "zod";
import { codeField, nameField } from "../../shared/contracts.ts";

const auditFields = {
  id: z.number(),
  isActive: z.boolean(),
  userCreated: z.string().nullable(),
  userModified: z.string().nullable(),
  dateCreated: z.string(),
  dateModified: z.string(),
};

export const branchInput = z.object({
  code: codeField("Branch code"),
  name: nameField("Branch name"),
  address: z.string().trim().max(300, "Address can be at most 300 characters").default(""),
});
export const branchRow = branchInput.extend(auditFields);
export type Branch = z.infer<typeof branchRow>;

export const portInput = z.object({
  code: codeField("Port code"),
  name: nameField("Port name"),
  branchCode: codeField("Branch"),
  location: z.string().trim().max(200, "Location can be at most 200 characters").default(""),
});
export const portUpdate = portInput.partial().extend({ isActive: z.boolean().optional() });
export const portRow = portInput.extend(auditFields);
export type Port = z.infer<typeof portRow>;
export type PortInput = z.input<typeof portInput>;

export const portFilters = z.object({ branchCode: z.string().trim().max(20).optional() });
export const branchCodeQuery = z.object({
  BranchCode: z.string({ error: "BranchCode is required" }).trim().min(1, "BranchCode is required").max(20),
});

export const containerYardInput = z.object({
  code: codeField("Container yard code"),
  name: nameField("Container yard name"),
  branchCode: codeField("Branch"),
  address: z.string().trim().max(300, "Address can be at most 300 characters").default(""),
});
export const containerYardUpdate = containerYardInput.partial().extend({ isActive: z.boolean().optional() });
export const containerYardRow = containerYardInput.extend(auditFields);
export type ContainerYard = z.infer<typeof containerYardRow>;
