import { data, Link, redirect } from "react-router";
import { REDSYS_ORDER_PATTERN } from "~/domain/payments/redsys-codes";
import { pageMeta, shopFromMatches } from "~/domain/site/seo";
import { getDb } from "~/server/db/db.server";
import { jobPagePath } from "~/domain/jobs/job-page";
import { chargePaymentForm, pageKeyOf } from "~/server/jobs/job-payment-page.server";
import { RedsysRedirectPage } from "~/ui/payments/redsys-redirect-form";
import type { Route } from "./+types/job-payment";
import { pageUrl } from "~/server/http/page-url.server";

/*
 * /presupuestos/:token/pago?intento=<code> and /averias/:token/pago (issue 31) — the way to
 * Redsys for a job's deposit or final balance (issue 17): the signed form of one attempt, sent
 * at once with JavaScript, a button without. An attempt already settled, or a charge no longer
 * pending, goes to the page that says how it ended. The page's token is the key: another
 * page's attempt is a 404.
 */

export async function loader({ request, params }: Route.LoaderArgs) {
  const code = pageUrl(request).searchParams.get("intento") ?? "";
  const page = pageKeyOf(request, params.token);
  if (!page || !REDSYS_ORDER_PATTERN.test(code)) throw data(null, { status: 404 });
  const found = await chargePaymentForm(await getDb(), page, code);
  if (!found) throw data(null, { status: 404 });
  if (!found.ready) throw redirect(found.redirect);
  return { ...found, back: jobPagePath(page) };
}

export const meta: Route.MetaFunction = ({ matches }) => {
  const shop = shopFromMatches(matches);
  return pageMeta({ title: `Pagar | ${shop.name}`, description: "Pago seguro con tarjeta o Bizum a través de Redsys.", baseUrl: shop.baseUrl, path: "/presupuesto", noindex: true });
};

export default function QuotePayment({ loaderData }: Route.ComponentProps) {
  const { what, lead, noun, reference, code, method, amountCents, form, back } = loaderData;
  return (
    <RedsysRedirectPage what={<>{what} {lead} <strong>{reference}</strong></>} amountCents={amountCents} code={code} method={method} form={form}>
      <p>
        <Link to={back}>Volver a {noun}</Link>
      </p>
    </RedsysRedirectPage>
  );
}
