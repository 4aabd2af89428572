import { data, Link, redirect } from "react-router";
import { REDSYS_ORDER_PATTERN } from "~/domain/payments/redsys-codes";
import { pageMeta, shopFromMatches } from "~/domain/site/seo";
import { getDb } from "~/server/db/db.server";
import { chargePaymentForm } from "~/server/jobs/job-payment-page.server";
import { isQuoteToken } from "~/server/quotes/quote-store.server";
import { RedsysRedirectPage } from "~/ui/payments/redsys-redirect-form";
import type { Route } from "./+types/quote-payment";
import { pageUrl } from "~/server/http/page-url.server";

/*
 * /presupuestos/:token/pago?intento=<code> — the way to Redsys for a job's deposit or final
 * balance (issue 17): the signed form of one attempt, sent at once with JavaScript, a button
 * without. An attempt already settled, or a charge no longer pending, goes to the page that
 * says how it ended. The quote's token is the key: another quote's attempt is a 404.
 */

export async function loader({ request, params }: Route.LoaderArgs) {
  const code = pageUrl(request).searchParams.get("intento") ?? "";
  const token = params.token;
  if (!isQuoteToken(token) || !REDSYS_ORDER_PATTERN.test(code)) throw data(null, { status: 404 });
  const found = await chargePaymentForm(await getDb(), token, code);
  if (!found) throw data(null, { status: 404 });
  if (!found.ready) throw redirect(found.redirect);
  return { ...found, token };
}

export const meta: Route.MetaFunction = ({ matches }) => {
  const shop = shopFromMatches(matches);
  return pageMeta({ title: `Pagar | ${shop.name}`, description: "Pago seguro con tarjeta o Bizum a través de Redsys.", baseUrl: shop.baseUrl, path: "/presupuesto", noindex: true });
};

export default function QuotePayment({ loaderData }: Route.ComponentProps) {
  const { what, quoteNumber, code, method, amountCents, form, token } = loaderData;
  return (
    <RedsysRedirectPage what={<>{what} del presupuesto <strong>{quoteNumber}</strong></>} amountCents={amountCents} code={code} method={method} form={form}>
      <p>
        <Link to={`/presupuestos/${token}`}>Volver al presupuesto</Link>
      </p>
    </RedsysRedirectPage>
  );
}
