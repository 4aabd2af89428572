import { formatDateTime } from "~/domain/dates/madrid-dates";
import { isValidPostcode } from "~/domain/fields/postcode";
import { formatIban } from "~/domain/payments/iban";
import { readForm } from "~/server/http/request-body.server";
import { randomUUID } from "node:crypto";
import { useState } from "react";
import { data, isRouteErrorResponse, Link, redirect, useRouteError } from "react-router";
import { orderQuote, type Basket } from "~/domain/basket/basket-pricing";
import { chargedBasket, orderVat } from "~/domain/basket/basket-vat";
import { formatEuros } from "~/domain/money";
import {
  ADDRESS_FIELDS,
  echoValues,
  fieldName,
  HIDDEN_FIELDS,
  TERMS_FIELD,
  TERMS_VALUE,
  type OrderAddress,
} from "~/domain/orders/order-form";
import { validateOrderForm } from "~/domain/orders/order-form-schema";
import { hasPlanLines } from "~/domain/basket/basket-totals";
import { inServiceArea } from "~/domain/orders/service-area";
import { isOrderNumber } from "~/domain/orders/order-number";
import { PROVINCES } from "~/domain/provinces";
import { pageMeta, shopFromMatches } from "~/domain/site/seo";
import { loadBasket } from "~/server/basket/basket.server";
import { readBasketId } from "~/server/basket/basket-store.server";
import { config, redsysConfig } from "~/server/config.server";
import { areaFor, fgasFor, orderFormBasket } from "~/server/orders/order-form-facts.server";
import { paymentPagePath } from "~/server/payments/attempts.server";
import { findMyOrder } from "~/server/orders/my-orders.server";
import { placeOrder } from "~/server/orders/orders.server";
import { requireUser } from "~/server/session.server";
import { BasketTable, type BasketTableLine } from "~/ui/basket/basket-table";
import { CheckoutForm } from "~/ui/orders/checkout-form";
import { ErrorPage } from "~/ui/error-page";
import { OrderConfirmation } from "~/ui/orders/order-confirmation";
import type { Route } from "./+types/checkout";
import { reportError } from "~/ui/report-error";
import { pageUrl } from "~/server/http/page-url.server";

export const meta: Route.MetaFunction = ({ matches }) => {
  const shop = shopFromMatches(matches);
  return pageMeta({
    title: `Pedido | ${shop.name}`,
    description: "Datos de envío y facturación, forma de pago y confirmación de su pedido.",
    baseUrl: shop.baseUrl,
    path: "/carrito/pedido",
    noindex: true,
  });
};

function addressValues(prefix: "envio" | "factura", address: OrderAddress): Record<string, string> {
  return Object.fromEntries(ADDRESS_FIELDS.map((field) => [fieldName(prefix, field), address[field]]));
}

/**
 * /carrito/pedido (spec sections 2, 4): signed-in users only. Editing: the basket priced by the
 * server and a fresh idempotency key. `?pedido=<number>`: the confirmation of that order, for
 * its owner only (where the form lands after confirming, with or without JavaScript).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const number = pageUrl(request).searchParams.get("pedido");
  if (number !== null) {
    const found = isOrderNumber(number) ? await findMyOrder(user, number) : null;
    if (!found) throw data(null, { status: 404 });
    const { order, lines } = found;
    // A card or Bizum order is followed on its own page (payment state, pay again).
    if (order.payMethod !== "transferencia") throw redirect(`/login/pedidos/${encodeURIComponent(order.number)}`);
    const c = config();
    const sameBilling = JSON.stringify(order.addressSend) === JSON.stringify(order.addressBill);
    const values: Record<string, string> = {
      ...addressValues("envio", order.addressSend),
      ...(sameBilling ? {} : addressValues("factura", order.addressBill)),
      facturacion: sameBilling ? "igual" : "otros",
      [TERMS_FIELD]: TERMS_VALUE,
    };
    return {
      mode: "confirmed" as const,
      email: user.email,
      order: {
        number: order.number,
        date: formatDateTime(order.createdAt),
        amountCents: order.amountCents,
        values,
      },
      lines: lines.map(
        (line): BasketTableLine => ({
          position: line.position,
          familia: line.family as BasketTableLine["familia"],
          id: line.productId ?? 0,
          kind: line.family === "instalaciones" ? "installation" : line.family === "mantenimientos" ? "maintenance" : "product",
          family: null,
          title: `${line.brand} ${line.model}`.trim(),
          type: line.type,
          gas: line.gas as BasketTableLine["gas"],
          region: line.region === "madrid" ? "madrid" : null,
          image: line.image,
          priceCents: line.priceCents,
          problem: null,
        }),
      ),
      totals: {
        shippingCents: order.shippingCents,
        totalCents: order.amountCents,
        withoutVatCents: orderVat(order.amountCents, order.addressSend.cp, order.vatExempt).withoutVatCents,
        vatExempt: orderVat(order.amountCents, order.addressSend.cp, order.vatExempt).vatExempt,
      },
      bank: { holder: c.BANK_ACCOUNT_HOLDER, iban: formatIban(c.BANK_IBAN) },
      shop: { name: c.SHOP_NAME, email: c.SHOP_EMAIL, phone: c.SHOP_PHONE },
    };
  }
  const basket = await loadBasket(request, context);
  // Nothing to order, or a line to remove first: the basket page says which. After a refusal
  // in this same request (409, no JavaScript) the page stays, to say what changed.
  if (basket.lines.length === 0 || (basket.blocked && !changedInRequest.has(context))) throw redirect("/carrito");
  return {
    mode: "editing" as const,
    email: user.email,
    ...orderFormBasket(basket),
    idempotencyKey: randomUUID(),
    online: onlinePayments(),
  };
}

/** Card and Bizum (issue 12): offered when Redsys is configured, with the minutes units are held. */
function onlinePayments(): { windowMinutes: number } | null {
  const redsys = redsysConfig();
  return redsys ? { windowMinutes: redsys.windowMinutes } : null;
}

/** Requests (by their load context) whose action found the basket changed. */
const changedInRequest = new WeakSet<object>();

/** Confirms the order: the same schema as the browser, then one transaction (orders.server.ts). */
export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireUser(request);
  const form = await readForm(request);
  const [basket, basketId] = await Promise.all([loadBasket(request, context), readBasketId(request, context)]);
  const validation = validateOrderForm(form, { serviceArea: areaFor(basket), fgas: fgasFor(basket) !== null, online: onlinePayments() !== null, plan: hasPlanLines(basket.lines) });
  if (!validation.ok) {
    // A hidden field (key, total, lines) missing or altered: the page itself must be reloaded.
    const hidden = HIDDEN_FIELDS.map((name) => validation.errors[name]).find(Boolean);
    return data({ errors: validation.errors, formError: hidden, values: echoValues(form), basket: undefined }, { status: 400 });
  }
  const result = await placeOrder({ user, basketId, values: validation.values });
  if (!result.ok) {
    // The basket changed since the page was shown: the answer carries it, priced again, so the
    // customer reviews the new total and confirms that one (with or without JavaScript).
    const fresh = result.conflict ? orderFormBasket(await loadBasket(request, context), validation.values.shipping.cp) : undefined;
    if (fresh && context) changedInRequest.add(context);
    return data(
      { errors: result.field ? { [result.field]: result.error } : {}, formError: result.error, values: echoValues(form), basket: fresh },
      { status: result.status },
    );
  }
  // Card and Bizum: on to Redsys; a second click of such an order lands on the order's page.
  if (result.attempt) throw redirect(paymentPagePath(result.number, result.attempt));
  if (validation.values.payMethod !== "transferencia") throw redirect(`/login/pedidos/${encodeURIComponent(result.number)}`);
  throw redirect(`/carrito/pedido?pedido=${encodeURIComponent(result.number)}`);
}

export default function Checkout({ loaderData, actionData }: Route.ComponentProps) {
  if (loaderData.mode === "confirmed") {
    const { order, bank } = loaderData;
    return (
      <div className="container checkout-page">
        <h1 className="page-title">Pedido confirmado</h1>
        <OrderConfirmation
          number={order.number}
          date={order.date}
          amountCents={order.amountCents}
          holder={bank.holder}
          iban={bank.iban}
          email={loaderData.email}
          shop={loaderData.shop}
        />
        <div className="checkout-layout">
          <CheckoutForm provinces={PROVINCES} serviceArea={null} values={order.values} confirmed />
          <Summary lines={loaderData.lines} totals={loaderData.totals} />
        </div>
      </div>
    );
  }
  return <Editing loaderData={loaderData} actionData={actionData} />;
}

type EditingProps = { loaderData: Extract<Route.ComponentProps["loaderData"], { mode: "editing" }>; actionData: Route.ComponentProps["actionData"] };

/** The postcode as typed, once it has its 5 digits: with JavaScript the summary and the quote follow it. */
function usePostcode(): [string | null, (value: string) => void] {
  const [postcode, setPostcode] = useState<string | null>(null);
  return [postcode, (value) => isValidPostcode(value) && setPostcode(value.trim())];
}

function Editing({ loaderData, actionData }: EditingProps) {
  const [postcode, onPostcode] = usePostcode();
  // After a 409 the answer holds the basket priced again; it replaces what the page showed.
  const answer = actionData?.basket ?? loaderData;
  // With JavaScript, the basket priced for the postcode being typed (decision 0009): the total
  // shown and the quote sent are then the ones the order will be charged. Without, the server
  // answers the first confirmation with them. A service outside its area is refused anyway.
  const outside = postcode !== null && answer.serviceArea !== null && !inServiceArea(answer.serviceArea.prefixes, postcode);
  const view = postcode === null || outside ? answer : { ...answer, ...repriced(answer.grossLines, postcode) };
  return (
    <div className="container checkout-page">
      <h1 className="page-title">Confirmar pedido</h1>
      <p className="checkout-intro">
        Pedido a nombre de <strong>{loaderData.email}</strong>. Los campos marcados con * son obligatorios.
      </p>
      <div className="checkout-layout">
        <CheckoutForm
          provinces={view.provinces}
          serviceArea={view.serviceArea}
          fgas={view.fgas}
          plan={view.plan}
          values={actionData?.values ?? {}}
          serverErrors={actionData?.errors}
          formError={actionData?.formError}
          idempotencyKey={loaderData.idempotencyKey}
          quote={view.quote}
          blocked={view.blocked}
          online={loaderData.online}
          onPostcode={onPostcode}
        />
        <Summary lines={view.lines} totals={view.totals} editLink />
      </div>
    </div>
  );
}

function repriced(lines: Basket["lines"], postcode: string) {
  const charged = chargedBasket(lines, postcode);
  return { lines: charged.lines, totals: charged.totals, quote: orderQuote(charged) };
}

type SummaryProps = {
  lines: BasketTableLine[];
  totals: { shippingCents: number; totalCents: number; withoutVatCents: number; vatExempt?: boolean };
  editLink?: boolean;
};

function Summary({ lines, totals, editLink = false }: SummaryProps) {
  return (
    <aside className="checkout-summary" aria-labelledby="resumen-pedido">
      <h2 id="resumen-pedido">Resumen</h2>
      <BasketTable lines={lines} totals={totals} caption="Artículos del pedido" />
      {/* Said once the total changes without a new page (the postcode typed, with JavaScript). */}
      {editLink ? (
        <p className="visually-hidden" role="status">
          {totals.vatExempt ? `Envío sin IVA: el total a pagar es ${formatEuros(totals.totalCents)}.` : ""}
        </p>
      ) : null}
      <p className="basket-note">La visita del técnico es gratuita.</p>
      {editLink ? (
        <p>
          <Link to="/carrito">Modificar el carrito</Link>
        </p>
      ) : null}
    </aside>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  if (!isRouteErrorResponse(error)) reportError(error);
  return <ErrorPage status={isRouteErrorResponse(error) ? error.status : 500} />;
}
