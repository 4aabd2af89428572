import { count, desc, eq, ilike, or, sql } from "drizzle-orm";
import { adminKind, CUSTOMERS_PAGE_SIZE, type CustomerQuery } from "~/domain/accounts/customers";
import { containsPattern } from "~/domain/quotes/quote-inbox";
import type { Database } from "../db/client.server";
import { orders } from "../orders/orders-schema.server";
import { contactRequests } from "../quotes/quotes-schema.server";
import { user } from "./accounts-schema.server";
import { isListedAdmin } from "./staff-roles.server";

/*
 * The back office's customers (issue 11): every account, newest first, searched by e-mail or
 * name; a customer's page with their orders (by the account's e-mail, as the order
 * page's history counts them) and their quote requests (by e-mail, however it was typed).
 */

/*
 * An order carries its account's e-mail (the checkout needs a signed-in customer,
 * orders.server.ts): matched by it, on its index, as the order page's history does. user_id
 * has no index, and an OR with it would read every order once per listed customer.
 */
const ordersOfUser = eq(orders.userEmail, user.email);

export async function listCustomers(db: Database, query: CustomerQuery) {
  const pattern = query.q ? containsPattern(query.q) : null;
  const where = pattern ? or(ilike(user.email, pattern), ilike(user.name, pattern)) : undefined;
  const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(user).where(where);
  const pageCount = Math.max(1, Math.ceil(total / CUSTOMERS_PAGE_SIZE));
  const page = Math.min(query.page, pageCount);
  const rows = await db
    .select({
      id: user.id,
      name: user.name,
      email: user.email,
      createdAt: user.createdAt,
      banned: user.banned,
      role: user.role,
      orderCount: sql<number>`(select count(*)::int from ${orders} where ${ordersOfUser})`,
    })
    .from(user)
    .where(where)
    .orderBy(desc(user.createdAt), desc(user.id))
    .limit(CUSTOMERS_PAGE_SIZE)
    .offset((page - 1) * CUSTOMERS_PAGE_SIZE);
  return {
    rows: rows.map((row) => ({ ...row, banned: Boolean(row.banned), admin: adminKind({ role: row.role, listed: isListedAdmin(row.email) }) })),
    total,
    page,
    pageCount,
  };
}

export async function getCustomer(db: Database, id: string) {
  const [account] = await db
    .select({
      id: user.id,
      name: user.name,
      email: user.email,
      createdAt: user.createdAt,
      banned: user.banned,
      banReason: user.banReason,
      role: user.role,
      twoFactorEnabled: user.twoFactorEnabled,
    })
    .from(user)
    .where(eq(user.id, id));
  if (!account) return null;
  const customerOrders = await db
    .select({ number: orders.number, createdAt: orders.createdAt, status: orders.status, amountCents: orders.amountCents, payMethod: orders.payMethod })
    .from(orders)
    .where(eq(orders.userEmail, account.email))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(200);
  const requests = await db
    .select({ id: contactRequests.id, createdAt: contactRequests.createdAt, state: contactRequests.state, town: contactRequests.town })
    .from(contactRequests)
    .where(sql`lower(${contactRequests.email}) = ${account.email.toLowerCase()}`)
    .orderBy(desc(contactRequests.createdAt), desc(contactRequests.id))
    .limit(200);
  const listed = isListedAdmin(account.email);
  return {
    ...account,
    banned: Boolean(account.banned),
    listed,
    admin: adminKind({ role: account.role, listed }),
    orders: customerOrders,
    requests,
  };
}
