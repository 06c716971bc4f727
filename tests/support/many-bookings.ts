import { sql } from "drizzle-orm";
import { type Db, queryRows } from "../../db/client.ts";

/**
 * Many Draft bookings whose pick-up date has passed, for the expiry job's tests and benchmark: the bookings of
 * the first batch that has any are copied (every column, with new references and public ids) into new batches
 * until `count` copies exist. The copies are rows as the services wrote them, made in a few statements; each
 * call on one database takes a new `tag`, the suffix of its copies' references.
 */
export async function copyOverdueBookings(db: Db, count: number, tag = "C"): Promise<{ bookingRefs: string[] }> {
  if (!/^[A-Z0-9]+$/.test(tag)) throw new Error(`A tag is letters and digits: ${tag}`);
  const [template] = await queryRows<{ ref: string; n: number }>(db, sql`
    select booking_batch_ref as ref, count(*)::int as n from bookings group by booking_batch_ref order by min(id) limit 1`);
  if (!template) throw new Error("There is no booking to copy.");
  const copies = Math.ceil(count / template.n);
  const columnsOf = async (table: string) =>
    (await queryRows<{ name: string }>(db, sql`
      select column_name as name from information_schema.columns
      where table_schema = current_schema() and table_name = ${table} and column_name <> 'id' order by ordinal_position`)).map((c) => c.name);
  // A copy's value of each column: new references and ids, a Draft status, the template's value otherwise.
  const copyOf = (columns: string[], replace: Record<string, string>) =>
    columns.map((c) => replace[c] ?? `t.${c}`).join(", ");
  const batchColumns = await columnsOf("booking_batches");
  await db.execute(sql.raw(`
    insert into booking_batches (${batchColumns.join(", ")})
    select ${copyOf(batchColumns, { booking_batch_ref: `t.booking_batch_ref || '-${tag}' || g`, status: `'Draft'`, link_token_hash: "null" })}
    from booking_batches t cross join generate_series(1, ${copies}) g
    where t.booking_batch_ref = '${template.ref.replaceAll("'", "''")}'`));
  const bookingColumns = await columnsOf("bookings");
  const rows = await queryRows<{ ref: string }>(db, sql.raw(`
    insert into bookings (${bookingColumns.join(", ")})
    select ${copyOf(bookingColumns, {
    booking_ref: `t.booking_ref || '-${tag}' || g`,
    booking_batch_ref: `t.booking_batch_ref || '-${tag}' || g`,
    public_id: `md5(t.public_id || '-${tag}' || g)`,
    status: `'Draft'`,
    pick_up_date: `current_date - 2`,
  })}
    from bookings t cross join generate_series(1, ${copies}) g
    where t.booking_batch_ref = '${template.ref.replaceAll("'", "''")}'
    order by g, t.id
    limit ${count}
    returning booking_ref as ref`));
  return { bookingRefs: rows.map((r) => r.ref) };
}
