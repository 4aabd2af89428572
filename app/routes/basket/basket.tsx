import { readForm } from "~/server/http/request-body.server";
import { useEffect, useRef } from "react";
import { data, isRouteErrorResponse, Link, redirect, useFetcher, useRouteError } from "react-router";
import { z } from "zod";
import { TERRITORIES_NOTE } from "~/domain/basket/basket-vat";
import { pageMeta, shopFromMatches } from "~/domain/site/seo";
import { loadBasket } from "~/server/basket/basket.server";
import { emptyBasket, removeBasketLine } from "~/server/basket/basket-store.server";
import { BasketTable } from "~/ui/basket/basket-table";
import { ErrorPage } from "~/ui/error-page";
import type { Route } from "./+types/basket";
import { reportError } from "~/ui/report-error";

export const meta: Route.MetaFunction = ({ matches }) => {
  const shop = shopFromMatches(matches);
  return pageMeta({
    title: `Carrito | ${shop.name}`,
    description: "Los artículos y servicios de su presupuesto, con los gastos de envío y el total con y sin IVA.",
    baseUrl: shop.baseUrl,
    path: "/carrito",
    // Indexable: an anonymous crawler sees an empty basket, and the budget asks SEO 100 here.
  });
};

/** The basket priced by the server from the catalogue (spec sections 2, 4, 9). */
export async function loader({ request, context }: Route.LoaderArgs) {
  return loadBasket(request, context);
}

const removeSchema = z.object({
  intent: z.literal("eliminar"),
  familia: z.enum(["calderas", "termostatos", "aires", "aerotermia", "instalaciones", "mantenimientos"]),
  id: z.coerce.number().int().positive().max(2_000_000_000),
});

/**
 * "Eliminar" and "Vaciar" post here (plain forms without JavaScript, fetchers with it). Both
 * answer with a redirect to the basket, so a reload never repeats a removal.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const form = Object.fromEntries(await readForm(request));
  if (form.intent === "vaciar") {
    await emptyBasket(request, context);
    throw redirect("/carrito");
  }
  const parsed = removeSchema.safeParse(form);
  if (!parsed.success) return data({ error: "No hemos entendido qué quiere eliminar." }, { status: 400 });
  await removeBasketLine(request, parsed.data.familia, parsed.data.id, context);
  throw redirect("/carrito");
}

export default function Basket({ loaderData, actionData }: Route.ComponentProps) {
  const { lines, totals, blocked, hasServices } = loaderData;
  const heading = useRef<HTMLHeadingElement>(null);
  const count = useRef(lines.length);
  // A removed row takes its button with it: the focus goes back to the page's heading.
  useEffect(() => {
    if (lines.length < count.current) heading.current?.focus();
    count.current = lines.length;
  }, [lines.length]);

  return (
    <div className="container basket-page">
      <h1 className="page-title" ref={heading} tabIndex={-1}>
        Carrito
      </h1>
      <p className="visually-hidden" role="status">
        {lines.length === 1 ? "1 artículo en su presupuesto." : `${lines.length} artículos en su presupuesto.`}
      </p>
      {actionData?.error ? (
        <p className="form-error" role="alert">
          {actionData.error}
        </p>
      ) : null}
      {lines.length === 0 ? (
        <div className="basket-empty">
          <p>No hay artículos en su presupuesto.</p>
          <Link to="/tienda" className="button">
            Ir a la tienda
          </Link>
        </div>
      ) : (
        <>
          <BasketTable lines={lines} totals={totals} editable caption="Artículos de su presupuesto" />
          <p className="basket-note">La visita del técnico es gratuita.</p>
          {/* A service sends the whole order inside the service area: then there is nothing to adjust. */}
          {hasServices ? null : <p className="basket-note">{TERRITORIES_NOTE}</p>}
          {blocked ? (
            <p className="form-error basket-blocked" role="alert">
              Algún artículo de su carrito ya no está disponible. Elimínelo para poder pedir el presupuesto.
            </p>
          ) : null}
          <BasketActions blocked={blocked} />
        </>
      )}
    </div>
  );
}

function BasketActions({ blocked }: { blocked: boolean }) {
  const fetcher = useFetcher();
  return (
    <div className="basket-actions">
      <fetcher.Form method="post" preventScrollReset>
        <input type="hidden" name="intent" value="vaciar" />
        <button type="submit" className="button button-secondary" disabled={fetcher.state !== "idle"}>
          Vaciar
        </button>
      </fetcher.Form>
      <Link to="/tienda" className="button button-secondary">
        Seguir comprando
      </Link>
      {blocked ? (
        <span className="button button-disabled" aria-disabled="true">
          Pedir Presupuesto
        </span>
      ) : (
        <Link to="/carrito/pedido" className="button button-accent">
          Pedir Presupuesto
        </Link>
      )}
    </div>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  if (!isRouteErrorResponse(error)) reportError(error);
  return <ErrorPage status={isRouteErrorResponse(error) ? error.status : 500} />;
}
