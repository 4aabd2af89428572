import { data } from "react-router";
import { redsysConfig } from "~/server/config.server";
import { getDb } from "~/server/db/db.server";
import { handleNotification } from "~/server/payments/notification.server";
import { readForm } from "~/server/http/request-body.server";
import type { Route } from "./+types/redsys-notification";

/*
 * POST /api/redsys/notificacion — Redsys's server tells the shop how a payment ended
 * (issue 12). Exempt from the same-origin check and open in maintenance; trusted only
 * through its signature (app/server/payments/notification.server.ts). Answers at once:
 * 200 when the notification was taken (applied now, or a repetition), 400 when refused.
 */

const TEXT = { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" };

export async function action({ request }: Route.ActionArgs) {
  // Redsys's fields are base64 (ASCII): a body declared ISO-8859-1 reads the same.
  const form = await readForm(request, { maxBytes: 16 * 1024, latin1: true });
  const redsys = redsysConfig();
  if (!redsys) throw data(null, { status: 404 });
  const field = (name: string) => form.get(name) ?? undefined;
  const result = await handleNotification(await getDb(), redsys, {
    Ds_SignatureVersion: field("Ds_SignatureVersion"),
    Ds_MerchantParameters: field("Ds_MerchantParameters"),
    Ds_Signature: field("Ds_Signature"),
  });
  return result.ok ? new Response("OK", { status: 200, headers: TEXT }) : new Response("Notificación rechazada", { status: 400, headers: TEXT });
}

/** A browser that opens the address gets the ordinary 404. */
export function loader() {
  throw data(null, { status: 404 });
}
