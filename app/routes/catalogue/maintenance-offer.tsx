import { readForm } from "~/server/http/request-body.server";
import { Link, useActionData, useFetcher } from "react-router";
import type { AddToBasketReply } from "~/domain/basket/add-to-basket-form";
import { MAINTAINED_FAMILIES, MAINTENANCE_PRICE_CENTS, type MaintainedFamily } from "~/domain/catalogue/service-prices";
import { pageMeta, shopFromMatches } from "~/domain/site/seo";
import { MAINTENANCE_INCLUDES, MAINTENANCE_TITLES } from "~/domain/site/services";
import { addToBasketAction } from "~/server/basket/basket-add.server";
import { useShopInfo } from "~/ui/site/content-page";
import { CoverageCheck } from "~/ui/orders/coverage-check";
import { Price } from "~/ui/price";
import type { Route } from "./+types/maintenance-offer";

export const meta: Route.MetaFunction = ({ matches }) => {
  const shop = shopFromMatches(matches);
  return pageMeta({
    title: `Mantenimiento anual | ${shop.name}`,
    description:
      "Contrate el mantenimiento anual de su caldera, aire acondicionado o aerotermia en la Comunidad de Madrid. Precio cerrado por año, IVA incluido.",
    baseUrl: shop.baseUrl,
    path: "/tienda/mantenimientos",
  });
};

/** The shared add-to-basket action; the form sends kind=mantenimiento and the family. */
export async function action({ request, context }: Route.ActionArgs) {
  return addToBasketAction(request, await readForm(request), context);
}

export default function MaintenanceOffer() {
  // Set only after a plain form post (no JavaScript); fetchers keep their own replies.
  const posted = useActionData<typeof action>();
  const shop = useShopInfo();
  return (
    <div className="container shop-page">
      <h1 className="page-title">Mantenimiento anual</h1>
      <p className="shop-intro">
        Revisamos cada año su caldera, su aire acondicionado o su equipo de aerotermia para que
        funcione de forma segura y eficiente. El mantenimiento se ofrece solo en la {shop.serviceArea} y
        los precios incluyen el IVA.
      </p>
      <CoverageCheck context="mantenimiento" back="/tienda/mantenimientos" title="¿Hacemos el mantenimiento en su zona?" />
      {posted ? <AddReply reply={posted} className="maintenance-posted" /> : null}
      <ul className="maintenance-grid" aria-label="Planes de mantenimiento">
        {MAINTAINED_FAMILIES.map((family) => (
          <MaintenanceCard key={family} family={family} area={shop.serviceArea} />
        ))}
      </ul>
    </div>
  );
}

function MaintenanceCard({ family, area }: { family: MaintainedFamily; area: string }) {
  const fetcher = useFetcher<typeof action>();
  const title = MAINTENANCE_TITLES[family];
  const price = MAINTENANCE_PRICE_CENTS[family];
  const busy = fetcher.state !== "idle";
  return (
    <li className="maintenance-card">
      <h2 className="maintenance-title">{title}</h2>
      {price !== undefined ? (
        <p className="maintenance-price">
          <Price cents={price} className="price" /> <span className="maintenance-per">/año</span>
        </p>
      ) : null}
      <ul className="maintenance-facts">
        <li>IVA incluido</li>
        <li>Solo en la {area}</li>
      </ul>
      <p className="maintenance-includes">
        <strong>Incluye:</strong> {MAINTENANCE_INCLUDES[family]}
      </p>
      <fetcher.Form method="post" className="maintenance-form">
        <input type="hidden" name="kind" value="mantenimiento" />
        <input type="hidden" name="family" value={family} />
        {/* The label names the plan: three buttons with the same visible text must differ. */}
        <button
          type="submit"
          className="button button-accent"
          aria-label={`Añadir al carrito: ${title}`}
        >
          Añadir al carrito
        </button>
      </fetcher.Form>
      <AddReply reply={fetcher.data} busy={busy} />
    </li>
  );
}

/** The answer to an add: always in the DOM, so that screen readers announce what appears in it. */
function AddReply({
  reply,
  busy = false,
  className,
}: {
  reply: AddToBasketReply | undefined;
  busy?: boolean;
  className?: string;
}) {
  const tone = busy || !reply ? "" : reply.ok ? "form-ok" : "form-error";
  return (
    <p role="status" className={["maintenance-reply", tone, className].filter(Boolean).join(" ")}>
      {busy ? (
        "Añadiendo…"
      ) : reply?.ok ? (
        <>
          Añadido al carrito. <Link to="/carrito">Ver carrito</Link>
        </>
      ) : (
        reply?.error
      )}
    </p>
  );
}
