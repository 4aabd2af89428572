import { data, Form, isRouteErrorResponse, Link, useNavigation, useRouteError } from "react-router";
import { detailHref } from "~/domain/catalogue/product";
import { RETENTION, spanishPeriod } from "~/domain/site/retention";
import { pageMeta, shopFromMatches } from "~/domain/site/seo";
import { alertLinkPath, isAlertToken, STOCK_ALERT_PATH, type AlertLinkAction } from "~/domain/stock-alerts/alert-form";
import { getDb } from "~/server/db/db.server";
import { readForm } from "~/server/http/request-body.server";
import { confirmAlert, findAlertByToken, isAvailable, productName, withdrawAlert } from "~/server/stock-alerts/stock-alerts.server";
import { ErrorPage } from "~/ui/error-page";
import { reportError } from "~/ui/report-error";
import type { Route } from "./+types/stock-alert-link";

/*
 * /avisos-disponibilidad/confirmar/:token and /avisos-disponibilidad/retirar/:token (issue 15):
 * the links of the alert's e-mails. Opening one changes nothing (mail scanners open links by
 * themselves); its page has the button, a POST, that does. A token nobody has (404) or a
 * request already closed (410) gets a page that says so, never an error. Personal pages: not
 * kept by the page cache.
 */

type Outcome =
  | { kind: "ask" }
  | { kind: "confirmed" }
  | { kind: "notified" }
  | { kind: "already-confirmed" }
  | { kind: "withdrawn" }
  | { kind: "closed"; reason: "avisado" | "retirado" }
  | { kind: "unknown" };

type Page = { action: AlertLinkAction; token: string; product: { name: string; href: string; available: boolean } | null; outcome: Outcome };

function linkAction(param: string | undefined): AlertLinkAction {
  if (param === "confirmar" || param === "retirar") return param;
  throw data(null, { status: 404 });
}

const STATUS: Partial<Record<Outcome["kind"], number>> = { unknown: 404, closed: 410 };
const answer = (page: Page) => data(page, { status: STATUS[page.outcome.kind] ?? 200 });

export async function loader({ params }: Route.LoaderArgs) {
  const action = linkAction(params.accion);
  const token = params.token;
  const unknown = { action, token: "", product: null, outcome: { kind: "unknown" } } as const;
  if (!isAlertToken(token)) return answer(unknown);
  const alert = await findAlertByToken(await getDb(), token);
  if (!alert) return answer(unknown);
  const product = { name: productName(alert.product), href: detailHref(alert.product), available: isAvailable(alert.product) };
  const page = { action, token, product };
  if (alert.state === "avisado" || alert.state === "retirado") return answer({ ...page, outcome: { kind: "closed", reason: alert.state } });
  if (action === "confirmar" && alert.state === "confirmado") return answer({ ...page, outcome: { kind: "already-confirmed" } });
  return answer({ ...page, outcome: { kind: "ask" } });
}

export async function action({ params, request }: Route.ActionArgs) {
  // The button posts no fields, but the body goes through the shop's one reader all the same:
  // an oversized or unreadable body gets its 413 or 415 like every other form (hardening).
  await readForm(request);
  const action = linkAction(params.accion);
  const token = params.token;
  if (!isAlertToken(token)) return answer({ action, token: "", product: null, outcome: { kind: "unknown" } });
  const db = await getDb();
  const found = await findAlertByToken(db, token);
  if (!found) return answer({ action, token: "", product: null, outcome: { kind: "unknown" } });
  const result = action === "confirmar" ? await confirmAlert(db, token) : await withdrawAlert(db, token);
  // Read again: the page tells what is true now (e.g. a notice queued the moment it was confirmed).
  const alert = (await findAlertByToken(db, token)) ?? found;
  const product = { name: productName(alert.product), href: detailHref(alert.product), available: isAvailable(alert.product) };
  const page = { action, token, product };
  switch (result) {
    case "confirmed":
      return answer({ ...page, outcome: { kind: "confirmed" } });
    case "notified":
      return answer({ ...page, outcome: { kind: "notified" } });
    case "already":
      return answer({ ...page, outcome: { kind: "already-confirmed" } });
    case "withdrawn":
      return answer({ ...page, outcome: { kind: "withdrawn" } });
    case "closed":
      return answer({ ...page, outcome: { kind: "closed", reason: alert.state === "avisado" ? "avisado" : "retirado" } });
    case "missing":
      return answer({ action, token: "", product: null, outcome: { kind: "unknown" } });
  }
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  const shop = shopFromMatches(matches);
  return pageMeta({
    title: `${loaderData?.action === "retirar" ? "Retirar el aviso" : "Confirmar el aviso"} de disponibilidad | ${shop.name}`,
    description: "Confirme o retire su aviso de disponibilidad de un producto agotado.",
    baseUrl: shop.baseUrl,
    // Not the token's own address: it is the key to the request.
    path: STOCK_ALERT_PATH,
    noindex: true,
  });
};

export default function StockAlertLink({ loaderData, actionData }: Route.ComponentProps) {
  const page = actionData ?? loaderData;
  return (
    <div className="container stock-alert-page">
      <div className="stock-alert-panel">
        <Body page={page} />
      </div>
    </div>
  );
}

function ProductLink({ product }: { product: NonNullable<Page["product"]> }) {
  return <Link to={product.href}>{product.name}</Link>;
}

function Body({ page }: { page: Page }) {
  const { product, outcome } = page;
  if (outcome.kind === "unknown" || !product) {
    return (
      <>
        <h1 className="page-title">No encontramos este aviso</h1>
        <p>
          El enlace no es válido o el aviso ya se borró: los avisos sin confirmar se borran a los{" "}
          {spanishPeriod(RETENTION.pendingStockAlertDays)}. Si quiere uno nuevo, pídalo en la página del producto agotado.
        </p>
        <p>
          <Link to="/tienda" className="button">
            Ver la tienda
          </Link>
        </p>
      </>
    );
  }
  switch (outcome.kind) {
    case "ask":
      return page.action === "confirmar" ? <ConfirmForm page={page} product={product} /> : <WithdrawForm page={page} product={product} />;
    case "confirmed":
      return (
        <Done title="Aviso confirmado">
          Le escribiremos una sola vez, cuando <ProductLink product={product} /> vuelva a estar disponible. Si cambia de idea,
          puede retirar el aviso con el enlace de nuestro correo.
        </Done>
      );
    case "already-confirmed":
      return (
        <Done title="Su aviso ya está confirmado">
          No tiene que hacer nada más: le escribiremos una sola vez, cuando <ProductLink product={product} /> vuelva a estar
          disponible.
        </Done>
      );
    case "notified":
      return (
        <Done title="Aviso confirmado: ¡ya está disponible!">
          <ProductLink product={product} /> ha vuelto a estar disponible. Le hemos enviado el aviso por correo; también puede verlo
          ahora mismo.
        </Done>
      );
    case "withdrawn":
      return (
        <Done title="Aviso retirado">
          No le escribiremos sobre <ProductLink product={product} />. Borraremos su email en los próximos días.
        </Done>
      );
    case "closed":
      return (
        <>
          <h1 className="page-title">Este enlace ya no está activo</h1>
          <p>
            {outcome.reason === "avisado" ? (
              <>
                Ya le avisamos de que <ProductLink product={product} /> volvía a estar disponible. El aviso está cerrado y no le
                enviaremos más correos sobre él.
              </>
            ) : (
              <>
                Este aviso se retiró: no le enviaremos correos sobre <ProductLink product={product} />. Si quiere otro, pídalo en la
                página del producto.
              </>
            )}
          </p>
        </>
      );
  }
}

function Done({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <>
      <h1 className="page-title">{title}</h1>
      <p role="status">{children}</p>
    </>
  );
}

function ConfirmForm({ page, product }: { page: Page; product: NonNullable<Page["product"]> }) {
  const busy = useNavigation().state === "submitting";
  return (
    <>
      <h1 className="page-title">Confirme su aviso de disponibilidad</h1>
      {product.available ? (
        <p>
          Buenas noticias: <ProductLink product={product} /> ya vuelve a estar disponible. Si confirma el aviso, se lo enviamos ahora
          mismo por correo, y después borraremos su email.
        </p>
      ) : (
        <p>
          Le escribiremos una sola vez, cuando <ProductLink product={product} /> vuelva a estar disponible, y después borraremos su
          email.
        </p>
      )}
      <Form method="post" className="stock-alert-actions">
        <button type="submit" className="button button-accent" aria-disabled={busy || undefined}>
          Confirmar el aviso
        </button>
      </Form>
      <p className="field-help">
        ¿No lo pidió usted o ya no lo quiere? <Link to={alertLinkPath("retirar", page.token)}>Retirar el aviso</Link>.
      </p>
    </>
  );
}

function WithdrawForm({ product }: { page: Page; product: NonNullable<Page["product"]> }) {
  const busy = useNavigation().state === "submitting";
  return (
    <>
      <h1 className="page-title">Retirar el aviso de disponibilidad</h1>
      <p>
        Si lo retira, no le escribiremos cuando <ProductLink product={product} /> vuelva a estar disponible, y borraremos su email.
      </p>
      <Form method="post" className="stock-alert-actions">
        <button type="submit" className="button" aria-disabled={busy || undefined}>
          Retirar el aviso
        </button>
      </Form>
    </>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  if (!isRouteErrorResponse(error)) reportError(error);
  return <ErrorPage status={isRouteErrorResponse(error) ? error.status : 500} />;
}
