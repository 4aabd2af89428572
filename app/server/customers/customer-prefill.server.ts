import { and, eq } from "drizzle-orm";
import type { Database } from "../db/client.server";
import { listedCustomers } from "./customer-list.server";
import type { CustomerRow } from "./customer-records.server";
import { liveCustomerId } from "./customer-records.server";
import { customers } from "./customers-schema.server";

/*
 * The record a new document starts from (issue 30): «Solicitud nueva», «Visita nueva»,
 * «Presupuesto nuevo» and «Pedido por teléfono» with ?cliente=<id>. A merged record leads to
 * the one it lives in; a member of staff is never offered as a customer.
 */

/** `?cliente=` (or a form's hidden "cliente") as a record's id, or null (absent or not a number). */
export function customerParam(from: URL | FormData): number | null {
  const value = from instanceof URL ? from.searchParams.get("cliente") : from.get("cliente");
  return typeof value === "string" && /^\d{1,9}$/.test(value) ? Number(value) : null;
}

/** The live customer record of `id`, or null when there is none (or it is staff). */
export async function customerToStartFrom(db: Database, id: number): Promise<CustomerRow | null> {
  const live = await liveCustomerId(db, id);
  if (live === null) return null;
  const [row] = await db.select().from(customers).where(and(eq(customers.id, live), listedCustomers()));
  return row ?? null;
}
