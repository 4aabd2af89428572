import { data, Link } from "react-router";
import { REDSYS_ORDER_PATTERN } from "~/domain/payments/redsys-codes";
import { pageMeta, shopFromMatches } from "~/domain/site/seo";
import { getDb } from "~/server/db/db.server";
import { jobPagePath, jobPageWords } from "~/domain/jobs/job-page";
import { findChargeAttempt, pageKeyOf } from "~/server/jobs/job-payment-page.server";
import { Price } from "~/ui/price";
import { usePolling } from "~/ui/use-polling";
import type { Route } from "./+types/job-payment-return";
import { pageUrl } from "~/server/http/page-url.server";

/*
 * /presupuestos/:token/pago/vuelta?intento=<code> (and /averias/:token/pago/vuelta, issue 31) —
 * where Redsys sends the customer back after paying a job's deposit or final balance, or not
 * (issue 17). It says what the server knows
 * of the attempt, never what the address says: "pendiente de confirmación" until Redsys's
 * notification arrives (asking again every 2 seconds with JavaScript, a link without), then
 * "pagado" or "denegado".
 */

export async function loader({ request, params }: Route.LoaderArgs) {
  const code = pageUrl(request).searchParams.get("intento") ?? "";
  const page = pageKeyOf(request, params.token);
  if (!page || !REDSYS_ORDER_PATTERN.test(code)) throw data(null, { status: 404 });
  const found = await findChargeAttempt(await getDb(), page, code);
  if (!found) throw data(null, { status: 404 });
  const words = jobPageWords({ kind: page.kind, reference: found.reference });
  return {
    pagePath: jobPagePath(page),
    lead: words.lead,
    noun: words.noun,
    code,
    what: found.words.the,
    reference: found.reference,
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

export default function JobPaymentReturn({ loaderData }: Route.ComponentProps) {
  const { pagePath, lead, noun, code, what, reference, state, meaning, method, amountCents } = loaderData;
  const stillPolling = usePolling(state === "pendiente");
  return (
    <div className="container payment-redirect">
      {state === "pagado" ? (
        <>
          <h1 className="page-title">Pago recibido</h1>
          <p role="status">
            Pagado: hemos recibido {what} {lead} <strong>{reference}</strong> con {method}, <Price cents={amountCents} />. Le enviamos la factura por
            correo.
          </p>
        </>
      ) : state === "a reembolsar" ? (
        <>
          <h1 className="page-title">Este importe ya no estaba pendiente</h1>
          <p role="status">
            El banco ha autorizado este pago, pero {what} {lead} <strong>{reference}</strong> ya no estaba pendiente. No lo aplicaremos: le
            devolveremos <Price cents={amountCents} /> a la misma {method === "Bizum" ? "cuenta Bizum" : "tarjeta"} en los próximos días.
          </p>
        </>
      ) : state === "denegado" ? (
        <>
          <h1 className="page-title">El pago no se ha completado</h1>
          <p role="status">Denegado: {meaning ?? "operación denegada"}. No se le ha cobrado nada; puede intentarlo de nuevo desde la página {lead}.</p>
        </>
      ) : (
        <>
          <h1 className="page-title">Estamos confirmando su pago</h1>
          <p role="status">
            Pendiente de confirmación.{" "}
            {stillPolling
              ? "Esperamos la confirmación del banco; esta página se actualizará sola en cuanto llegue."
              : `La confirmación está tardando más de lo normal. Le escribiremos en cuanto llegue; también la verá en la página ${lead}.`}
          </p>
          <p>
            <a href={`${pagePath}/pago/vuelta?intento=${encodeURIComponent(code)}`}>Actualizar</a>
          </p>
        </>
      )}
      <p>
        <Link to={pagePath}>Ver {noun}</Link>
      </p>
    </div>
  );
}
