import { isRouteErrorResponse, Link } from "react-router";
import { formatYmd, madridDay } from "~/domain/dates/madrid-dates";
import { coverageOf } from "~/domain/repairs/repair-coverage";
import { pageMeta, shopFromMatches } from "~/domain/site/seo";
import { telHref } from "~/domain/site/contact-links";
import { config, redsysConfig } from "~/server/config.server";
import { pageUrl } from "~/server/http/page-url.server";
import { repairAction, requestedUnit } from "~/server/repairs/repair-action.server";
import { getSessionUser } from "~/server/session.server";
import { ErrorPage } from "~/ui/error-page";
import { RepairForm } from "~/ui/repairs/repair-form";
import { reportError } from "~/ui/report-error";
import { useShopInfo } from "~/ui/site/content-page";
import type { Route } from "./+types/repair-request";

/*
 * /averias (issue 31): report a breakdown. From «Mis equipos» (?equipo=<unit>) the unit, its
 * guarantees and plan are known, and what it will cost is said before sending; from anywhere
 * else the unit is described and the call-out fee is said. Personal (the session's unit and
 * details): rendered per request, never indexed.
 */

export const meta: Route.MetaFunction = ({ matches }) => {
  const shop = shopFromMatches(matches);
  return pageMeta({
    title: `Avisar de una avería | ${shop.name}`,
    description: "Cuéntenos qué le pasa a su caldera, aire acondicionado o aerotermia y le llamamos para ir a repararla.",
    baseUrl: shop.baseUrl,
    path: "/averias",
    noindex: true,
  });
};

export async function loader({ request }: Route.LoaderArgs) {
  const unit = await requestedUnit(request, pageUrl(request).searchParams.get("equipo"));
  const known = unit !== null && unit !== "not-yours" ? unit : null;
  const user = known ? null : await getSessionUser(request);
  const cover = known?.cover ?? null;
  return {
    unit: known ? { id: known.id, name: known.name, serialNumber: known.serialNumber } : null,
    notYours: unit === "not-yours",
    guarantees: cover
      ? [
          cover.labourWarrantyUntil ? `Garantía de la instalación: hasta el ${formatYmd(cover.labourWarrantyUntil)}` : null,
          cover.partsWarrantyUntil ? `Garantía de piezas: hasta el ${formatYmd(cover.partsWarrantyUntil)}` : null,
          cover.legalGuaranteeUntil ? `Garantía legal del equipo: hasta el ${formatYmd(cover.legalGuaranteeUntil)}` : null,
          cover.plan ? `Plan de mantenimiento n.º ${cover.plan.id}` : null,
        ].filter((line): line is string => line !== null)
      : [],
    ...costOf(coverageOf(cover, madridDay(new Date()), config().REPAIR_CALL_OUT_CENTS)),
    prefill: known?.contact ?? (user ? { name: user.name, email: user.email } : {}),
  };
}

/** What the form says it costs, and whether the call-out may be paid online at once. */
function costOf(coverage: { text: string; callOutCents: number }) {
  return { coverage: coverage.text, payNow: coverage.callOutCents > 0 && redsysConfig() !== null };
}

export async function action({ request }: Route.ActionArgs) {
  return repairAction(request);
}

export default function RepairRequestPage({ loaderData, actionData }: Route.ComponentProps) {
  const shop = useShopInfo();
  const { unit, notYours, guarantees, coverage, payNow, prefill } = loaderData;
  if (actionData?.ok) {
    return (
      <div className="container repair-page">
        <h1 className="page-title">Aviso de avería enviado</h1>
        <p role="status" className="form-ok notice">
          {actionData.message}
        </p>
        <p>
          Si es urgente y no le hemos llamado en un rato, llámenos al <a href={telHref(shop.phone)}>{shop.phone}</a>.
        </p>
        <p>
          <Link to="/">Volver a la tienda</Link>
        </p>
      </div>
    );
  }
  const refused = actionData && !actionData.ok ? actionData : null;
  return (
    <div className="container repair-page">
      <h1 className="page-title">Avisar de una avería</h1>
      <p className="shop-intro">
        Cuéntenos qué le pasa al equipo y le llamamos para ir a repararlo. Si es urgente, también puede llamarnos al <a href={telHref(shop.phone)}>{shop.phone}</a>.
      </p>
      {notYours ? (
        <p role="alert" className="form-error notice">
          Ese equipo no está en su cuenta (o su correo aún no está confirmado). Rellene aquí sus datos, o elíjalo en <Link to="/login/equipos">Mis equipos</Link>.
        </p>
      ) : null}
      {unit && guarantees.length ? (
        <ul className="repair-guarantees" aria-label="Garantías y plan del equipo">
          {guarantees.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      ) : null}
      <RepairForm unit={unit} coverage={coverage} payNow={payNow} values={{ ...prefill, ...(refused?.values ?? {}) }} errors={refused?.errors ?? {}} formError={refused?.error ?? null} />
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const status = isRouteErrorResponse(error) ? error.status : 500;
  if (status >= 500) reportError(error);
  return <ErrorPage status={status} />;
}
