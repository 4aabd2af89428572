import { useEffect, useRef } from "react";
import { data, Link, redirect } from "react-router";
import { isOrderNumber } from "~/domain/order-number";
import { PAY_BUTTON_LABELS } from "~/domain/payment-methods";
import { REDSYS_ORDER_PATTERN } from "~/domain/payments/redsys-codes";
import { pageMeta, shopFromMatches } from "~/domain/seo";
import { redsysConfig } from "~/server/config.server";
import { getDb } from "~/server/db/db.server";
import { findMyOrder } from "~/server/my-orders.server";
import { findAttempt, paymentForm, returnPagePath } from "~/server/payments/attempts.server";
import { requireUser } from "~/server/session.server";
import { Price } from "~/ui/price";
import type { Route } from "./+types/order-payment";

/*
 * /login/pedidos/:number/pago?intento=<code> — the way to Redsys (issue 12): the signed form
 * of one payment attempt. With JavaScript it is sent at once (once per attempt: coming back
 * with the browser's Back button does not send it again); without, the customer presses the
 * one button. Only the order's owner sees it; an attempt already settled, or an order no
 * longer waiting for its money, goes to the page that says how it ended.
 */

export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const code = new URL(request.url).searchParams.get("intento") ?? "";
  if (!isOrderNumber(params.number) || !REDSYS_ORDER_PATTERN.test(code)) throw data(null, { status: 404 });
  const db = await getDb();
  const order = (await findMyOrder(user, params.number))?.order;
  const attempt = order ? await findAttempt(db, order.id, code) : null;
  if (!order || !attempt) throw data(null, { status: 404 });
  const redsys = redsysConfig();
  if (order.status !== "Pendiente de Pago" || attempt.state !== "pendiente" || !redsys) throw redirect(returnPagePath(order.number, code));
  return {
    number: order.number,
    code,
    method: attempt.method,
    amountCents: attempt.amountCents,
    form: paymentForm(redsys, attempt, order.number),
  };
}

export const meta: Route.MetaFunction = ({ matches, params }) => {
  const shop = shopFromMatches(matches);
  return pageMeta({
    title: `Pagar el pedido ${params.number} | ${shop.name}`,
    description: "Pago seguro con tarjeta o Bizum a través de Redsys.",
    baseUrl: shop.baseUrl,
    path: `/login/pedidos/${params.number}/pago`,
    noindex: true,
  });
};

export default function OrderPayment({ loaderData }: Route.ComponentProps) {
  const { number, code, method, amountCents, form } = loaderData;
  const formRef = useRef<HTMLFormElement>(null);
  const statusRef = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    const key = `pago-enviado-${code}`;
    try {
      if (sessionStorage.getItem(key)) return;
      sessionStorage.setItem(key, "1");
    } catch {
      return; // No storage: the customer presses the button.
    }
    if (statusRef.current) statusRef.current.textContent = "Le llevamos a la pasarela segura de Redsys…";
    formRef.current?.submit();
  }, [code]);
  return (
    <div className="container payment-redirect">
      <h1 className="page-title">Pago con {method === "bizum" ? "Bizum" : "tarjeta"}</h1>
      <p>
        Pedido <strong>{number}</strong> · Importe <Price cents={amountCents} />
      </p>
      <p role="status" ref={statusRef}>
        El pago se hace en la pasarela segura de Redsys, la de los bancos españoles: nosotros no vemos los datos de su{" "}
        {method === "bizum" ? "cuenta" : "tarjeta"}.
      </p>
      <form ref={formRef} method="post" action={form.action}>
        <input type="hidden" name="Ds_SignatureVersion" value={form.fields.Ds_SignatureVersion} />
        <input type="hidden" name="Ds_MerchantParameters" value={form.fields.Ds_MerchantParameters} />
        <input type="hidden" name="Ds_Signature" value={form.fields.Ds_Signature} />
        <button type="submit" className="button button-accent">
          {PAY_BUTTON_LABELS[method]}
        </button>
      </form>
      <p>
        <Link to={`/login/pedidos/${encodeURIComponent(number)}`}>Volver al pedido</Link>
      </p>
    </div>
  );
}
