import { and, count, desc, isNull, sql, type SQL } from "drizzle-orm";
import { searchTerms } from "~/domain/admin/search-terms";
import { CUSTOMER_RECORDS_PAGE_SIZE, type CustomerRecordQuery } from "~/domain/customers/customer-list";
import { containsPattern } from "~/domain/quotes/quote-inbox";
import { user } from "../accounts/accounts-schema.server";
import { TECHNICIAN_ROLE } from "../accounts/staff-roles.server";
import { config } from "../config.server";
import type { Database } from "../db/client.server";
import { orders } from "../orders/orders-schema.server";
import { contactRequests, quotes } from "../quotes/quotes-schema.server";
import { visits } from "../visits/visits-schema.server";
import { customers } from "./customers-schema.server";

/*
 * The customer records the back office lists and finds (issue 30): live ones (not merged
 * away), never a member of staff (an administrator by role or by ADMIN_EMAILS, a technician),
 * matched by their account or by their e-mail.
 */

/** The one condition "this record is a customer, not staff", for the list and the one search. */
export function notStaff(): SQL {
  const listed = config().ADMIN_EMAILS;
  const staffAccount = sql`(${user.role} in ('admin', ${TECHNICIAN_ROLE})${listed.length ? sql` or lower(${user.email}) in (${sql.join(listed.map((email) => sql`${email}`), sql`, `)})` : sql``})`;
  const listedHere = listed.length ? sql` and ${customers.email} not in (${sql.join(listed.map((email) => sql`${email}`), sql`, `)})` : sql``;
  return sql`(not exists (select 1 from ${user} where (${user.id} = ${customers.userId} or lower(${user.email}) = ${customers.email}) and ${staffAccount})${listedHere})`;
}

/** Live customer records: not merged into another, not staff. */
export const listedCustomers = (): SQL => and(isNull(customers.mergedIntoId), notStaff())!;

const tied = (table: typeof contactRequests | typeof visits | typeof quotes | typeof orders) =>
  sql<number>`(select count(*)::int from ${table} where ${table.customerId} = ${customers.id})`;

export async function listCustomerRecords(db: Database, query: CustomerRecordQuery) {
  const found = query.q ? searchTerms(query.q) : null;
  if (found && !found.ok) return { rows: [], total: 0, page: 1, pageCount: 1 };
  const terms = found?.terms ?? [];
  const where = and(listedCustomers(), ...terms.map((term) => sql`${customers.searchText} like ${containsPattern(term)}`));
  const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(customers).where(where);
  const pageCount = Math.max(1, Math.ceil(total / CUSTOMER_RECORDS_PAGE_SIZE));
  const page = Math.min(query.page, pageCount);
  const rows = await db
    .select({
      id: customers.id,
      name: customers.name,
      company: customers.company,
      email: customers.email,
      phone: customers.phone,
      town: customers.town,
      createdAt: customers.createdAt,
      requests: tied(contactRequests),
      visits: tied(visits),
      quotes: tied(quotes),
      orders: tied(orders),
    })
    .from(customers)
    .where(where)
    .orderBy(desc(customers.createdAt), desc(customers.id))
    .limit(CUSTOMER_RECORDS_PAGE_SIZE)
    .offset((page - 1) * CUSTOMER_RECORDS_PAGE_SIZE);
  return { rows, total, page, pageCount };
}
