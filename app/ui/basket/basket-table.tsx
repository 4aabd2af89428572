import { Link, useFetcher } from "react-router";
import type { BasketTotals, PricedLine } from "~/domain/basket/basket-totals";
import { EXEMPT_NOTE } from "~/domain/basket/basket-vat";
import { detailHref } from "~/domain/catalogue/product";
import { Price } from "../price";

/** What a row needs: basket lines and order lines both fit. */
export type BasketTableLine = Pick<
  PricedLine,
  "position" | "familia" | "id" | "kind" | "family" | "title" | "type" | "gas" | "region" | "image" | "priceCents" | "problem"
>;

type Props = {
  lines: BasketTableLine[];
  /** `vatExempt`: delivered to Canarias, Ceuta or Melilla, every amount without VAT (decision 0009). */
  totals: Pick<BasketTotals, "shippingCents" | "totalCents" | "withoutVatCents"> & { vatExempt?: boolean };
  /** Show the delete column (the basket page); the order screen only lists. */
  editable?: boolean;
  caption: string;
};

const GAS_LABELS: Record<string, string> = { natural: "Gas natural", propano: "Propano" };

function details(line: BasketTableLine): string[] {
  if (line.kind !== "product") {
    return [line.region === "madrid" ? "Servicio en la Comunidad de Madrid" : "Servicio"];
  }
  return [
    line.type ? `Tipo: ${line.type}` : "",
    line.gas ? `Gas: ${GAS_LABELS[line.gas] ?? line.gas}` : "",
    line.region === "madrid" ? "Comunidad: Madrid" : "",
  ].filter(Boolean);
}

/**
 * The basket as a table (spec section 2): article, description, price and delete; shipping as a
 * line of its own; the totals without VAT and to pay. Every amount comes from the server.
 */
export function BasketTable({ lines, totals, editable = false, caption }: Props) {
  return (
    <table className={`basket-table${editable ? " basket-table-editable" : ""}`}>
      <caption className="visually-hidden">{caption}</caption>
      <thead>
        <tr>
          <th scope="col">Artículo</th>
          <th scope="col">Descripción</th>
          <th scope="col" className="basket-amount">
            Precio
          </th>
          {editable ? (
            <th scope="col" className="basket-delete-head">
              Eliminar
            </th>
          ) : null}
        </tr>
      </thead>
      <tbody>
        {lines.map((line) => (
          <BasketRow key={`${line.position}-${line.familia}-${line.id}`} line={line} editable={editable} />
        ))}
        <tr className="basket-shipping">
          <td className="basket-image" aria-hidden="true">
            <TruckIcon />
          </td>
          <th scope="row" className="basket-description">
            Gastos de envío
            <span className="basket-details">Sin gastos de envío en instalación y mantenimiento.</span>
          </th>
          <td className="basket-amount">
            <Price cents={totals.shippingCents} />
          </td>
          {editable ? <td className="basket-delete" /> : null}
        </tr>
      </tbody>
      <tfoot>
        <tr className="basket-total-net">
          <th scope="row" colSpan={2}>
            Total sin IVA
          </th>
          <td className="basket-amount">
            <Price cents={totals.withoutVatCents} />
          </td>
          {editable ? <td className="basket-delete" /> : null}
        </tr>
        <tr className="basket-total">
          <th scope="row" colSpan={2}>
            {totals.vatExempt ? (
              <>
                Total a pagar, <span className="basket-vat-note">{EXEMPT_NOTE}</span>
              </>
            ) : (
              <>
                Total a pagar <span className="basket-vat-note">(IVA incluido)</span>
              </>
            )}
          </th>
          <td className="basket-amount">
            <Price cents={totals.totalCents} className="price" />
          </td>
          {editable ? <td className="basket-delete" /> : null}
        </tr>
      </tfoot>
    </table>
  );
}

function BasketRow({ line, editable }: { line: BasketTableLine; editable: boolean }) {
  const fetcher = useFetcher();
  // Gone at once when its removal is on the way; the server's basket follows.
  if (fetcher.state !== "idle" && fetcher.formData?.get("intent") === "eliminar") return null;
  const href = line.kind === "product" && line.family && !line.problem ? detailHref({ family: line.family, id: line.id }) : null;
  return (
    <tr className={line.problem ? "basket-line basket-line-problem" : "basket-line"}>
      <td className="basket-image">
        {line.image ? (
          <img src={line.image} alt="" width={80} height={80} loading="lazy" />
        ) : (
          <span className="basket-service-icon" aria-hidden="true">
            {line.kind === "product" ? <BoxIcon /> : <WrenchIcon />}
          </span>
        )}
      </td>
      <td className="basket-description">
        {href ? (
          <Link to={href} className="basket-title">
            {line.title}
          </Link>
        ) : (
          <span className="basket-title">{line.title}</span>
        )}
        {details(line).map((text) => (
          <span key={text} className="basket-details">
            {text}
          </span>
        ))}
        {line.problem ? <span className="basket-problem">{line.problem.message}</span> : null}
      </td>
      <td className="basket-amount">{line.problem ? <span className="basket-unavailable">No disponible</span> : <Price cents={line.priceCents} />}</td>
      {editable ? (
        <td className="basket-delete">
          <fetcher.Form method="post" action="/carrito" preventScrollReset>
            <input type="hidden" name="intent" value="eliminar" />
            <input type="hidden" name="familia" value={line.familia} />
            <input type="hidden" name="id" value={line.id} />
            <button type="submit" className="basket-delete-button" aria-label={`Eliminar ${line.title}`}>
              <TrashIcon />
              <span className="basket-delete-text">Eliminar</span>
            </button>
          </fetcher.Form>
        </td>
      ) : null}
    </tr>
  );
}

/* Decorative icons; the text next to them names what they are. */
function Icon({ children }: { children: React.ReactNode }) {
  return (
    <svg width="24" height="24" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false">
      {children}
    </svg>
  );
}

const TrashIcon = () => (
  <Icon>
    <path d="M4 7h16M10 11v6M14 11v6M6 7l1 13h10l1-13M9 7V4h6v3" />
  </Icon>
);

const WrenchIcon = () => (
  <Icon>
    <path d="M15 4a5 5 0 0 0-4.6 7L4 17.4 6.6 20l6.4-6.4A5 5 0 0 0 20 9l-3 3-3-3 3-3a5 5 0 0 0-2-2z" />
  </Icon>
);

const BoxIcon = () => (
  <Icon>
    <path d="M3 7l9-4 9 4v10l-9 4-9-4zM3 7l9 4 9-4M12 11v10" />
  </Icon>
);

const TruckIcon = () => (
  <Icon>
    <path d="M2 6h12v10H2zM14 10h4l3 3v3h-7" />
    <circle cx="6" cy="18" r="1.5" />
    <circle cx="17" cy="18" r="1.5" />
  </Icon>
);
