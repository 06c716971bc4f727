import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { customerListStatements } from "../../api/modules/master-data/customers/service.ts";
import { type DatabaseHandle, queryRows } from "../../db/client.ts";
import { backend, openTestDatabase } from "../support/test-db.ts";

/**
 * The customer searches must reach the trigram indexes rather than read every row: on a company-sized table a
 * sequential scan per keystroke is what makes the lookups slow. PGlite is one small embedded process whose
 * plans say little about a server, so this runs on PostgreSQL only.
 */
const ROWS = 30_000;
const TRGM_INDEXES = /customers_(company|code|first_name|last_name|email)_trgm_idx/;

describe.skipIf(backend !== "postgres")("customer search plan (PostgreSQL)", () => {
  let handle: DatabaseHandle;

  beforeAll(async () => {
    handle = await openTestDatabase();
    await handle.db.execute(sql.raw(`
      insert into customers (code, company, first_name, last_name, customer_contact_email, customer_type, account_executive_id)
      select 'K' || lpad(g::text, 7, '0'),
             (array['Harbor','Island','Metro','Pacific','Visayas'])[1 + g % 5] || ' Trading ' || g,
             (array['Ana','Ben','Carlo','Dina'])[1 + g % 4],
             (array['Reyes','Santos','Cruz','Garcia'])[1 + g % 4],
             'contact' || g || '@example.test',
             (array['SHIPPER','CONSIGNEE','BOTH'])[1 + g % 3],
             'ae' || (g % 50)
      from generate_series(1, ${ROWS}) g`));
    await handle.db.execute(sql.raw(`
      insert into customers (code, company, customer_contact_email, customer_type)
      values ('QZ1', 'Zephyrine Cargo', 'z1@example.test', 'BOTH'), ('QZ2', 'Old Zephyrine Lines', 'z2@example.test', 'SHIPPER')`));
    await handle.db.execute(sql`analyze customers`);
  }, 120_000);
  afterAll(() => handle?.close());

  /** The plan of a statement, with sequential scans priced out as they would be on a table of a million rows. */
  async function plan(statement: { getSQL(): ReturnType<typeof sql> }): Promise<string> {
    return await handle.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      const rows = await queryRows<{ "QUERY PLAN": string }>(tx as never, sql`explain ${statement.getSQL()}`);
      return rows.map((r) => r["QUERY PLAN"]).join("\n");
    });
  }

  it("a search page and its total go through the trigram indexes", async () => {
    const { page, count } = customerListStatements(handle.db, { search: "zephyr", skip: 0, take: 20 });
    const pagePlan = await plan(page);
    expect(pagePlan, pagePlan).toMatch(TRGM_INDEXES);
    // Walking the company index in order and filtering reads every row for a term few customers match.
    expect(pagePlan, pagePlan).not.toMatch(/customers_company_id_idx/);
    const countPlan = await plan(count);
    expect(countPlan, countPlan).toMatch(/customers_company_trgm_idx/);
    // The statement the plan was made for finds the rows the search means, in list order.
    const rows = await page;
    expect(rows.map((r) => r.code)).toEqual(["QZ2", "QZ1"]);
  });

  it("a lookup with flag filters still uses the trigram indexes", async () => {
    const { page } = customerListStatements(handle.db, { search: "zephyr", skip: 0, take: 20, isActive: true, filter: "IsActive" });
    const text = await plan(page);
    expect(text, text).toMatch(TRGM_INDEXES);
    expect(text, text).not.toMatch(/customers_company_id_idx/);
  });

  it("the list without a search pages along the company index", async () => {
    const { page } = customerListStatements(handle.db, { skip: 40, take: 20 });
    const text = await plan(page);
    expect(text, text).toMatch(/customers_company_id_idx/);
    expect(text, text).not.toMatch(/Sort/);
  });
});

describe.skipIf(backend === "postgres")("customer search plan on PGlite", () => {
  it("is checked on PostgreSQL only", () => {
    expect(backend).toBe("pglite");
  });
});
