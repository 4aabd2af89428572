import { isRouteErrorResponse, Link, useActionData } from "react-router";
import { madridDay } from "~/domain/dates/madrid-dates";
import { pageMeta, shopFromMatches } from "~/domain/site/seo";
import { getDb } from "~/server/db/db.server";
import { equipmentForEmail } from "~/server/jobs/my-equipment.server";
import { myPlansAction } from "~/server/maintenance/my-plans-action.server";
import { plansForEmail } from "~/server/maintenance/my-plans.server";
import { planOfferFor } from "~/domain/maintenance/my-plan";
import { repairsForEmail } from "~/server/repairs/repair-requests.server";
import { MyRepairs } from "~/ui/repairs/my-repairs";
import { requireUser } from "~/server/session.server";
import { ErrorPage } from "~/ui/error-page";
import { MyEquipment } from "~/ui/jobs/my-equipment";
import { MyPlans } from "~/ui/maintenance/my-plans";
import { reportError } from "~/ui/report-error";
import type { Route } from "./+types/my-equipment";

/**
 * /login/equipos — "Mis equipos" (issue 17): the units the shop installed for the signed-in
 * customer, with serial numbers, guarantees and documents, and their maintenance plans
 * (issue 31). Only for a verified e-mail (my-equipment.server.ts says why); an unverified one
 * is told how to verify it.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const today = madridDay(new Date());
  if (!user.emailVerified) return { verified: false as const, units: [], plans: [], offers: {}, repairs: [], today };
  const db = await getDb();
  const [units, plans, repairs] = await Promise.all([equipmentForEmail(db, user.email), plansForEmail(db, user.email), repairsForEmail(db, user.email)]);
  // «¿Quiere el plan de mantenimiento?» under each unit we installed that no running plan maintains.
  const offers = Object.fromEntries(units.flatMap((unit) => {
    const offer = planOfferFor(unit, plans);
    return offer ? [[unit.id, offer]] : [];
  }));
  return { verified: true as const, units, plans, offers, repairs, today };
}

export async function action({ request }: Route.ActionArgs) {
  return myPlansAction(request);
}

export const meta: Route.MetaFunction = ({ matches }) => {
  const shop = shopFromMatches(matches);
  return pageMeta({ title: `Mis equipos | ${shop.name}`, description: "Los equipos que le hemos instalado, con sus garantías y documentos.", baseUrl: shop.baseUrl, path: "/login/equipos", noindex: true });
};

export default function MyEquipmentPage({ loaderData }: Route.ComponentProps) {
  const { verified, units, plans, offers, repairs, today } = loaderData;
  const reply = useActionData<typeof action>() ?? null;
  return (
    <div className="container account-page">
      <p>
        <Link to="/login">← Mi cuenta</Link>
      </p>
      <h1 className="page-title">Mis equipos</h1>
      {!verified ? (
        <p>
          Para proteger sus datos, aquí solo se muestran los equipos cuando su correo está confirmado. Entre con Google, o pulse «¿Ha olvidado su contraseña?» en la página de acceso y
          elija una contraseña desde el enlace que le enviamos: con eso queda confirmado.
        </p>
      ) : (
        <>
          {plans.length ? (
            <section aria-labelledby="mis-planes">
              <h2 id="mis-planes" className="equipment-section-title">
                Planes de mantenimiento
              </h2>
              <MyPlans plans={plans} reply={reply} />
            </section>
          ) : null}
          {units.length === 0 ? (
            <p>
              Todavía no le hemos instalado ningún equipo. Cuando terminemos una instalación, aquí verá cada equipo con su número de serie, sus garantías y sus documentos.
            </p>
          ) : (
            <>
              {plans.length ? <h2 className="equipment-section-title">Equipos instalados</h2> : null}
              <MyEquipment units={units} today={today} offers={offers} />
            </>
          )}
          <MyRepairs repairs={repairs} />
        </>
      )}
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const status = isRouteErrorResponse(error) ? error.status : 500;
  if (!isRouteErrorResponse(error)) reportError(error);
  return <ErrorPage status={status} />;
}
