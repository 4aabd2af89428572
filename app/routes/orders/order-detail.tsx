import { data, isRouteErrorResponse, Link, redirect } from "react-router";
import { formatDate, formatDateTime } from "~/domain/dates/madrid-dates";
import { getDb } from "~/server/db/db.server";
import { payAgain, type PayAgainChoice } from "~/server/payments/pay-again.server";
import { isOrderNumber } from "~/domain/orders/order-number";
import { pageMeta, shopFromMatches } from "~/domain/site/seo";
import { cleanReason } from "~/domain/orders/withdrawal";
import { useRootData } from "~/root";
import { loadMyOrder } from "~/server/orders/my-orders.server";
import { fgasAction, isFgasIntent, readOrderPageForm, type FgasReply } from "~/server/orders/fgas-action.server";
import { requireUser } from "~/server/session.server";
import { requestWithdrawal } from "~/server/orders/withdrawal.server";
import { ErrorPage } from "~/ui/error-page";
import { FgasOrderSection } from "~/ui/orders/fgas-order-section";
import { OrderView, type WithdrawalReply } from "~/ui/orders/order-view";
import type { Route } from "./+types/order-detail";
import { reportError } from "~/ui/report-error";
import { pageUrl } from "~/server/http/page-url.server";

/**
 * /login/pedidos/:number — one of the signed-in user's orders. Someone else's number answers
 * 404, exactly like a number that does not exist (no hint that it does).
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requireUser(request);
  if (!isOrderNumber(params.number)) throw data(null, { status: 404 });
  const order = await loadMyOrder(user, params.number);
  if (!order) throw data(null, { status: 404 });
  const search = pageUrl(request).searchParams;
  const saved = search.get("gases");
  const done: "empresa" | "certificado" | null = saved === "empresa" || saved === "certificado" ? saved : null;
  // ?desistir: the confirmation step of the withdrawal when JavaScript does not run.
  // ?gases=empresa|certificado: an F-gas form was just saved (issue 15).
  return { order, confirming: search.has("desistir"), fgasDone: done };
}

const PAY_CHOICES = new Set<string>(["tarjeta", "bizum"]);

/** Pay again by card or Bizum, or switch to transfer (issue 12): to Redsys, or back here. */
async function changePayment(userId: string, number: string, form: FormData) {
  const intent = form.get("intent");
  const method = form.get("metodo");
  const choice: PayAgainChoice | null = intent === "transferencia" ? "transferencia" : typeof method === "string" && PAY_CHOICES.has(method) ? (method as PayAgainChoice) : null;
  if (!choice) return data({ payError: "Elija cómo quiere pagar: tarjeta, Bizum o transferencia." }, { status: 400 });
  const result = await payAgain(await getDb(), { userId, number }, choice);
  if (!result.ok) {
    if (result.status === 404) throw data(null, { status: 404 });
    return data({ payError: result.message }, { status: result.status });
  }
  throw redirect(result.redirect);
}

export async function action({ request, params }: Route.ActionArgs) {
  const user = await requireUser(request);
  // The F-gas certificate comes as a file (issue 15); every other form of the page is small.
  const read = await readOrderPageForm(request);
  if ("refused" in read) return read.refused;
  const { form } = read;
  if (!isOrderNumber(params.number)) throw data(null, { status: 404 });
  const intent = form.get("intent");
  if (isFgasIntent(intent)) return fgasAction(user, params.number, intent, form);
  if (intent === "pagar" || intent === "transferencia") return changePayment(user.id, params.number, form);
  if (intent !== "desistir") throw data(null, { status: 400 });
  const outcome = await requestWithdrawal(user, params.number, cleanReason(form.get("motivo")));
  switch (outcome.kind) {
    case "not-found":
      throw data(null, { status: 404 });
    case "recorded":
      return data<WithdrawalReply>({ kind: "recorded", at: formatDateTime(outcome.at) });
    case "already":
      return data<WithdrawalReply>({ kind: "already", at: formatDateTime(outcome.at) });
    case "expired":
      return data<WithdrawalReply>({ kind: "expired", deadline: formatDate(outcome.deadline) }, { status: 409 });
    case "not-applicable":
      return data<WithdrawalReply>({ kind: "not-applicable" }, { status: 409 });
  }
}

export const meta: Route.MetaFunction = ({ matches, params }) => {
  const shop = shopFromMatches(matches);
  return pageMeta({
    title: `Pedido ${params.number} | ${shop.name}`,
    description: "Detalle de su pedido.",
    baseUrl: shop.baseUrl,
    path: `/login/pedidos/${params.number}`,
    noindex: true,
  });
};

export default function OrderDetail({ loaderData, actionData }: Route.ComponentProps) {
  const shopName = useRootData()?.shop.name ?? "";
  const payError = actionData && "payError" in actionData ? actionData.payError : undefined;
  const fgasReply = actionData && "fgas" in actionData ? (actionData.fgas as FgasReply) : undefined;
  const { order } = loaderData;
  return (
    <OrderView
      shopName={shopName}
      order={order}
      confirming={loaderData.confirming}
      reply={actionData && !("payError" in actionData) && !("fgas" in actionData) ? (actionData as WithdrawalReply) : undefined}
      payError={payError}
    >
      {order.fgas ? (
        <FgasOrderSection
          fgas={order.fgas}
          filesHref={`/login/pedidos/${encodeURIComponent(order.number)}/gases-fluorados`}
          reply={fgasReply}
          done={fgasReply ? null : loaderData.fgasDone}
        />
      ) : null}
    </OrderView>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const status = isRouteErrorResponse(error) ? error.status : 500;
  if (!isRouteErrorResponse(error)) reportError(error);
  return (
    <>
      <ErrorPage status={status} />
      <p className="container">
        <Link to="/login#mis-pedidos">Volver a Mis Pedidos</Link>
      </p>
    </>
  );
}
