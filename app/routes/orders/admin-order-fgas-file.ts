import { eq } from "drizzle-orm";
import { isOrderNumber } from "~/domain/orders/order-number";
import { notFound, requireAdmin } from "~/server/accounts/admin-access.server";
import { getDb } from "~/server/db/db.server";
import { orders } from "~/server/db/schema.server";
import { fgasFileResponse, isFgasDocument } from "~/server/orders/fgas.server";
import type { Route } from "./+types/admin-order-fgas-file";

/** /admin/pedidos/:number/gases-fluorados/(declaracion|certificado) (issue 15): the same files, for the owner. */
export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request);
  if (!isOrderNumber(params.number) || !isFgasDocument(params.document)) return notFound();
  const db = await getDb();
  const [order] = await db.select({ id: orders.id, number: orders.number }).from(orders).where(eq(orders.number, params.number)).limit(1);
  const file = order ? await fgasFileResponse(db, order, params.document) : null;
  if (!file) return notFound();
  return file;
}
