import { sql, type SQL } from "drizzle-orm";
import type { Database } from "../db/client.server";
import { orderTie } from "../orders/order-customers.server";
import { orders } from "../orders/orders-schema.server";
import { quoteTie, requestTie } from "../quotes/quote-customers.server";
import { contactRequests, quotes } from "../quotes/quotes-schema.server";
import { visitTie } from "../visits/visit-customers.server";
import { planTie } from "../maintenance/plan-customers.server";
import { repairTie } from "../repairs/repair-customers.server";
import { repairRequests } from "../repairs/repairs-schema.server";
import { maintenancePlans } from "../maintenance/maintenance-schema.server";
import { visits } from "../visits/visits-schema.server";
import { customerFor } from "./customer-records.server";
import { customers } from "./customers-schema.server";

/*
 * Rows without a customer record get one (issue 30): the requests, visits, quotes, orders and plans
 * written before records existed, the first time the task runs after the upgrade, in batches.
 * New rows are tied when they are written; a row whose facts name nobody (no e-mail, id or
 * phone) stays untied (each run reads past it, by id).
 */

/** Every kind of document tied to records, each written by its own area. */
export const CUSTOMER_TIES = [requestTie, visitTie, quoteTie, orderTie, planTie, repairTie] as const;

/** Ties every untied row of each kind, `batch` rows a read; says how many of each. */
export async function linkUntiedRows(db: Database, batch = 500): Promise<string> {
  const done: string[] = [];
  for (const source of CUSTOMER_TIES) {
    let tied = 0;
    let after = 0;
    for (;;) {
      const rows = await source.untied(db, after, batch);
      for (const row of rows) {
        const customerId = await db.transaction(async (tx) => {
          const id = await customerFor(tx, row.facts);
          if (id !== null) await source.tie(tx, row.id, id);
          return id;
        });
        if (customerId !== null) tied++;
        after = row.id;
      }
      if (rows.length < batch) break;
    }
    done.push(`${source.label}: ${tied}`);
  }
  return `fichas de cliente enlazadas (${done.join(", ")})`;
}

/**
 * The privacy policy's period for a record with nothing left (its requests deleted by age, no
 * visit, quote, order or account): deleted once untouched for as long. Run in the retention
 * task's transaction; returns how many went.
 */
export async function deleteForgottenCustomers(tx: Pick<Database, "execute">, cutoff: SQL): Promise<number> {
  const result = await tx.execute(sql`
    delete from ${customers} c
     where c.updated_at < ${cutoff} and c.user_id is null
       and not exists (select 1 from ${contactRequests} r where r.customer_id = c.id)
       and not exists (select 1 from ${visits} v where v.customer_id = c.id)
       and not exists (select 1 from ${quotes} q where q.customer_id = c.id)
       and not exists (select 1 from ${orders} o where o.customer_id = c.id)
       and not exists (select 1 from ${maintenancePlans} p where p.customer_id = c.id)
       and not exists (select 1 from ${repairRequests} a where a.customer_id = c.id)
       and not exists (select 1 from ${customers} m where m.merged_into_id = c.id)
    returning c.id`);
  return result.rows.length;
}
