import { useActionData, useLoaderData } from "react-router";
import { SLOT_COUNTS } from "~/domain/site/site-media";
import { requireAdmin } from "~/server/accounts/admin-access.server";
import { getDb } from "~/server/db/db.server";
import { readFlags } from "~/server/site/flags.server";
import { siteAction } from "~/server/site/site-action.server";
import { readSiteSlots, toSiteMedia } from "~/server/site/site-media.server";
import { AdminErrorPage } from "~/ui/admin/admin-error-page";
import { FlagSwitches, ReplyLine, SlotCard } from "~/ui/site/site-forms";
import { DEMO_BRANDS } from "~/ui/site/home-brands";
import { DEMO_SLIDES } from "~/ui/site/home-carousel";
import type { Route } from "./+types/admin-site";

/** /admin/sitio (issue 11): the flags, and the home page's carousel and brand strip. */
export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const db = await getDb();
  // From the database, not the 2-second copies: the owner sees what was just saved.
  const [flags, slots] = await Promise.all([readFlags(db), readSiteSlots(db)]);
  return { flags, media: toSiteMedia(slots) };
}

export async function action({ request }: Route.ActionArgs) {
  const admin = await requireAdmin(request);
  return siteAction(request, admin);
}

export const meta: Route.MetaFunction = () => [{ title: "Sitio | Administración" }];

export default function SitePage() {
  const { flags, media } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  // The demo's brands, the owner's further ones, and one empty slot to add another.
  const lastOwn = Math.max(0, ...Object.keys(media.marcas).map(Number));
  const brandSlots = Math.min(SLOT_COUNTS.marcas, Math.max(DEMO_BRANDS.length, lastOwn) + 1);
  return (
    <>
      <h1>Sitio</h1>
      {flags.maintenance ? (
        <p className="admin-warning" role="status">
          <strong>El modo mantenimiento está activado:</strong> los visitantes ven la página de mantenimiento y no pueden comprar.
        </p>
      ) : null}
      <ReplyLine reply={reply} target="" />
      <FlagSwitches flags={flags} reply={reply} />

      <section className="admin-section" aria-labelledby="sitio-carrusel">
        <h2 id="sitio-carrusel">Carrusel de reformas</h2>
        <p className="field-hint">
          Las cuatro imágenes de «Nuestras reformas» en la página de inicio. Sin foto propia se ve el dibujo de muestra.
        </p>
        <ol className="admin-photos">
          {DEMO_SLIDES.map((slide, index) => (
            <SlotCard
              key={index}
              area="carrusel"
              position={index + 1}
              own={media.carrusel[index + 1] ?? null}
              demo={slide.title}
              reply={reply}
            />
          ))}
        </ol>
      </section>

      <section className="admin-section" aria-labelledby="sitio-marcas">
        <h2 id="sitio-marcas">Marcas</h2>
        <p className="field-hint">
          La franja «Trabajamos con las mejores marcas». Suba el logotipo de cada marca (mejor en PNG con fondo transparente);
          el nombre se lee en los lectores de pantalla.
        </p>
        <ol className="admin-photos">
          {Array.from({ length: brandSlots }, (_, index) => (
            <SlotCard
              key={index}
              area="marcas"
              position={index + 1}
              own={media.marcas[index + 1] ?? null}
              demo={DEMO_BRANDS[index]}
              reply={reply}
            />
          ))}
        </ol>
      </section>
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminErrorPage error={error} back={{ to: "/admin/sitio", label: "Volver a la página del sitio" }} />;
}
