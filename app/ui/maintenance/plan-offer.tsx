import { Link, useFetcher } from "react-router";
import type { AddToBasketReply } from "~/domain/basket/add-to-basket-form";
import type { PlanOffer } from "~/domain/maintenance/my-plan";
import { Price } from "../price";

/**
 * «¿Quiere el plan de mantenimiento?» under a unit we installed (issue 31): the plan's price and
 * what it includes, and one button that puts it in the basket for this unit (the shop's
 * add-to-basket action, as the maintenance page uses it); the plan is made when the order is paid.
 */
export function PlanOfferForUnit({ offer, unitId, unitName }: { offer: PlanOffer; unitId: number; unitName: string }) {
  const fetcher = useFetcher<AddToBasketReply>();
  const reply = fetcher.state === "idle" ? fetcher.data : undefined;
  const headingId = `plan-para-${unitId}`;
  return (
    <section className="plan-offer" aria-labelledby={headingId}>
      <h3 id={headingId} className="equipment-docs-title">
        ¿Quiere el plan de mantenimiento?
      </h3>
      <p>
        {offer.title}: <Price cents={offer.priceCents} /> al año, IVA incluido. Incluye: {offer.includes}
      </p>
      <fetcher.Form method="post" action="/tienda/mantenimientos">
        <input type="hidden" name="kind" value="mantenimiento" />
        <input type="hidden" name="family" value={offer.family} />
        <input type="hidden" name="equipo" value={unitId} />
        <button type="submit" className="button" aria-label={`Añadir al carrito el plan de mantenimiento de ${unitName}`} disabled={fetcher.state !== "idle"}>
          Añadir el plan al carrito
        </button>
      </fetcher.Form>
      <p role="status" className={reply ? (reply.ok ? "form-ok notice" : "form-error notice") : undefined}>
        {reply?.ok ? (
          <>
            Añadido al carrito. <Link to="/carrito">Ir al carrito</Link>
          </>
        ) : (
          (reply?.error ?? "")
        )}
      </p>
    </section>
  );
}
