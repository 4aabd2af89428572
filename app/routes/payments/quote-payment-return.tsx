import { data, Link } from "react-router";
import { REDSYS_ORDER_PATTERN } from "~/domain/payments/redsys-codes";
import { pageMeta, shopFromMatches } from "~/domain/site/seo";
import { getDb } from "~/server/db/db.server";
import { findChargeAttempt } from "~/server/jobs/job-payment-page.server";
import { isQuoteToken } from "~/server/quotes/quote-store.server";
import { Price } from "~/ui/price";
import { usePolling } from "~/ui/use-polling";
import type { Route } from "./+types/quote-payment-return";
import { pageUrl } from "~/server/http/page-url.server";

/*
 * /presupuestos/:token/pago/vuelta?intento=<code> — where Redsys sends the customer back after
 * paying a job's deposit or final balance, or not (issue 17). It says what the server knows
 * of the attempt, never what the address says: "pendiente de confirmación" until Redsys's
 * notification arrives (asking again every 2 seconds with JavaScript, a link without), then
 * "pagado" or "denegado".
 */

export async function loader({ request, params }: Route.LoaderArgs) {
  const code = pageUrl(request).searchParams.get("intento") ?? "";
  const token = params.token;
  if (!isQuoteToken(token) || !REDSYS_ORDER_PATTERN.test(code)) throw data(null, { status: 404 });
  const found = await findChargeAttempt(await getDb(), token, code);
  if (!found) throw data(null, { status: 404 });
  return {
    token,
    code,
    what: found.kind === "senal" ? "la señal" : "el pago final",
    quoteNumber: found.quoteNumber,
    state: found.attempt.state,
    meaning: found.attempt.responseMeaning,
    method: found.attempt.method === "bizum" ? "Bizum" : "tarjeta",
    amountCents: found.attempt.amountCents,
  };
}

export const meta: Route.MetaFunction = ({ matches }) => {
  const shop = shopFromMatches(matches);
  return pageMeta({ title: `Resultado del pago | ${shop.name}`, description: "Resultado del pago con tarjeta o Bizum.", baseUrl: shop.baseUrl, path: "/presupuesto", noindex: true });
};

export default function QuotePaymentReturn({ loaderData }: Route.ComponentProps) {
  const { token, code, what, quoteNumber, state, meaning, method, amountCents } = loaderData;
  const stillPolling = usePolling(state === "pendiente");
  const quoteLink = `/presupuestos/${token}`;
  return (
    <div className="container payment-redirect">
      {state === "pagado" ? (
        <>
          <h1 className="page-title">Pago recibido</h1>
          <p role="status">
            Pagado: hemos recibido {what} del presupuesto <strong>{quoteNumber}</strong> con {method}, <Price cents={amountCents} />. Le enviamos la factura por
            correo.
          </p>
        </>
      ) : state === "a reembolsar" ? (
        <>
          <h1 className="page-title">Este importe ya no estaba pendiente</h1>
          <p role="status">
            El banco ha autorizado este pago, pero {what} del presupuesto <strong>{quoteNumber}</strong> ya no estaba pendiente. No lo aplicaremos: le
            devolveremos <Price cents={amountCents} /> a la misma {method === "Bizum" ? "cuenta Bizum" : "tarjeta"} en los próximos días.
          </p>
        </>
      ) : state === "denegado" ? (
        <>
          <h1 className="page-title">El pago no se ha completado</h1>
          <p role="status">Denegado: {meaning ?? "operación denegada"}. No se le ha cobrado nada; puede intentarlo de nuevo desde el presupuesto.</p>
        </>
      ) : (
        <>
          <h1 className="page-title">Estamos confirmando su pago</h1>
          <p role="status">
            Pendiente de confirmación.{" "}
            {stillPolling
              ? "Esperamos la confirmación del banco; esta página se actualizará sola en cuanto llegue."
              : "La confirmación está tardando más de lo normal. Le escribiremos en cuanto llegue; también la verá en la página del presupuesto."}
          </p>
          <p>
            <a href={`${quoteLink}/pago/vuelta?intento=${encodeURIComponent(code)}`}>Actualizar</a>
          </p>
        </>
      )}
      <p>
        <Link to={quoteLink}>Ver el presupuesto</Link>
      </p>
    </div>
  );
}
