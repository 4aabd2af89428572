import { data } from "react-router";
import { isOrderNumber } from "~/domain/orders/order-number";
import { getDb } from "~/server/db/db.server";
import { findMyOrder } from "~/server/orders/my-orders.server";
import { fgasFileResponse, isFgasDocument } from "~/server/orders/fgas.server";
import { requireUser } from "~/server/session.server";
import type { Route } from "./+types/order-fgas-file";

/**
 * /login/pedidos/:number/gases-fluorados/(declaracion|certificado) — the F-gas declaration's PDF
 * and the installer's certificate of one of the signed-in customer's orders (issue 15).
 * Someone else's order answers 404, like one that does not exist.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requireUser(request);
  if (!isOrderNumber(params.number) || !isFgasDocument(params.document)) throw data(null, { status: 404 });
  const mine = await findMyOrder(user, params.number);
  const file = mine ? await fgasFileResponse(await getDb(), mine.order, params.document) : null;
  if (!file) throw data(null, { status: 404 });
  return file;
}
