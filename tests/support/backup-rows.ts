import { asc } from "drizzle-orm";
import type { DatabaseHandle } from "~/server/db/client.server";
import { account, user } from "~/server/accounts/accounts-schema.server";
import { orderLines, orders } from "~/server/orders/orders-schema.server";
import { contactRequests } from "~/server/quotes/quotes-schema.server";

/** What a backup must bring back: accounts, orders and quote requests, in a stable order. */
export async function everything(handle: DatabaseHandle) {
  const { db } = handle;
  return {
    users: await db.select().from(user).orderBy(asc(user.id)),
    accounts: await db.select().from(account).orderBy(asc(account.id)),
    orders: await db.select().from(orders).orderBy(asc(orders.id)),
    orderLines: await db.select().from(orderLines).orderBy(asc(orderLines.id)),
    contactRequests: await db.select().from(contactRequests).orderBy(asc(contactRequests.id)),
  };
}
