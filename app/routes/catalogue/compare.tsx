import { useState } from "react";
import { Form, Link } from "react-router";
import {
  buildComparison,
  COMPARE_MAX,
  COMPARE_PATH,
  COMPARISON_NOTICES,
  comparisonHref,
  DIFFERENCES_PARAM,
  NOTICE_PARAM,
  parseComparisonParam,
  PRODUCTS_PARAM,
  type ComparedProduct,
  type ComparisonCell,
} from "~/domain/catalogue/comparison";
import { catalogueHref, detailHref, FAMILIES, FAMILY_LABELS } from "~/domain/catalogue/product";
import { pageMeta, shopFromMatches } from "~/domain/site/seo";
import { useRootData } from "~/root";
import { compareAction, comparisonProducts } from "~/server/catalogue/comparison.server";
import { readForm } from "~/server/http/request-body.server";
import { EnergyLabel } from "~/ui/catalogue/energy-label";
import { Price } from "~/ui/price";
import { useHydrated } from "~/ui/use-hydrated";
import type { Route } from "./+types/compare";
import { pageUrl } from "~/server/http/page-url.server";

/**
 * /comparar?productos=12,15,18 (issue 15): up to four products of one family side by side. The
 * page reads its address only (the same for every visitor, kept by the page cache), so the
 * link can be shared; what the address holds that cannot be compared is left out with a note,
 * never an error. The action keeps the visitor's list («Comparar», «Quitar»).
 */
export async function loader({ request }: Route.LoaderArgs) {
  const search = pageUrl(request).searchParams;
  const asked = parseComparisonParam(search.get(PRODUCTS_PARAM));
  const comparison = buildComparison(asked, await comparisonProducts(asked.ids));
  return {
    comparison,
    notice: COMPARISON_NOTICES[search.get(NOTICE_PARAM) ?? ""] ?? null,
    onlyDifferences: search.get(DIFFERENCES_PARAM) === "1",
  };
}

export async function action({ request }: Route.ActionArgs) {
  return compareAction(request, await readForm(request));
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  const shop = shopFromMatches(matches);
  const family = loaderData?.comparison.family;
  const what = family ? FAMILY_LABELS[family].plural.toLowerCase() : "productos";
  return pageMeta({
    title: `Comparar ${what} | ${shop.name}`,
    description: `Compare hasta ${COMPARE_MAX} ${what} característica a característica: potencia, eficiencia, ruido, medidas y precio con y sin instalación.`,
    baseUrl: shop.baseUrl,
    path: comparisonHref(loaderData?.comparison.ids ?? []),
    // Any list of products makes an address: only the products' own pages are for search engines.
    noindex: true,
  });
};

export default function ComparePage({ loaderData }: Route.ComponentProps) {
  const { comparison, notice, onlyDifferences } = loaderData;
  const { family, products, rows, notes, ids } = comparison;
  const baseUrl = useRootData()?.shop.baseUrl ?? "";
  const plural = family ? FAMILY_LABELS[family].plural.toLowerCase() : "";
  const differing = rows.filter((row) => row.differs).length;
  const shown = onlyDifferences ? rows.filter((row) => row.differs) : rows;

  return (
    <div className="container compare-page">
      <nav aria-label="Migas de pan" className="breadcrumb">
        <ol>
          <li>
            <Link to="/tienda">Tienda</Link>
          </li>
          {family ? (
            <li>
              <Link to={catalogueHref(family)}>{FAMILY_LABELS[family].plural}</Link>
            </li>
          ) : null}
          <li aria-current="page">Comparar</li>
        </ol>
      </nav>
      <h1 className="page-title">{family ? `Comparar ${plural}` : "Comparar productos"}</h1>

      {notice ? (
        <p className="form-error compare-notice" role="status">
          {notice}
        </p>
      ) : null}
      {notes.length > 0 ? (
        <div className="compare-notes" role="note" aria-label="Productos que no se muestran">
          <ul>
            {notes.map((note) => (
              <li key={note}>{note}</li>
            ))}
          </ul>
        </div>
      ) : null}

      {family === null ? (
        <EmptyComparison />
      ) : (
        <>
          <p className="compare-intro">
            {products.length === 1
              ? `Solo hay un producto. Añada otros ${plural} con su botón «Comparar» (hasta ${COMPARE_MAX}).`
              : differing === 0
                ? `Compara ${products.length} ${plural}: todas sus características coinciden salvo el modelo.`
                : `Compara ${products.length} ${plural}. Las filas marcadas «≠ Distinto» tienen valores diferentes (${differing} de ${rows.length}).`}
          </p>
          {products.length > 1 && differing > 0 ? (
            <p className="compare-toggle">
              {onlyDifferences ? (
                <Link to={comparisonHref(ids)}>Ver todas las características</Link>
              ) : (
                <Link to={comparisonHref(ids, { [DIFFERENCES_PARAM]: "1" })}>Ver solo las diferencias</Link>
              )}
            </p>
          ) : null}
          <div className="compare-scroll" role="region" aria-labelledby="comparacion-titulo" tabIndex={0}>
            <table className="compare-table">
              <caption id="comparacion-titulo" className="visually-hidden">
                {onlyDifferences ? `Diferencias entre ${products.length} ${plural}` : `Características de ${products.length} ${plural}`}
              </caption>
              <thead>
                <tr>
                  <td className="compare-corner" />
                  {products.map((product) => (
                    <ProductHeader key={product.id} product={product} ids={ids} />
                  ))}
                </tr>
              </thead>
              <tbody>
                {shown.map((row) => (
                  <tr key={row.key} className={row.differs ? "compare-differs" : undefined}>
                    <th scope="row">
                      {row.label}
                      {row.differs ? (
                        <span className="compare-diff">
                          <span aria-hidden="true">≠ </span>Distinto
                        </span>
                      ) : null}
                    </th>
                    {row.cells.map((cell, index) => (
                      <td key={products[index]?.id ?? index}>
                        <Cell cell={cell} />
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <ShareLink url={`${baseUrl}${comparisonHref(ids)}`} />
          <p className="compare-back">
            <Link to={catalogueHref(family)}>
              Volver a {plural}
              {products.length < COMPARE_MAX ? " para añadir otro" : ""}
            </Link>
          </p>
        </>
      )}
    </div>
  );
}

function ProductHeader({ product, ids }: { product: ComparedProduct; ids: number[] }) {
  const name = `${product.brand} ${product.model}`;
  return (
    <th scope="col" className="compare-product">
      <img src={product.image} alt="" width={96} height={96} loading="lazy" />
      <Link to={detailHref(product)} className="compare-product-name">
        <span className="compare-brand">{product.brand}</span> {product.model}
      </Link>
      {/* A post, not a link: what the visitor sees becomes their list (the cookie), so the next «Comparar» adds to it. */}
      <Form method="post" action={COMPARE_PATH} className="compare-remove">
        <input type="hidden" name="intent" value="quitar" />
        <input type="hidden" name="quitar" value={product.id} />
        <input type="hidden" name="productos" value={ids.join(",")} />
        <button type="submit" className="button-link">
          Quitar<span className="visually-hidden"> {name} de la comparación</span>
        </button>
      </Form>
    </th>
  );
}

function Cell({ cell }: { cell: ComparisonCell }) {
  switch (cell.kind) {
    case "price":
      return <Price cents={cell.cents} className="compare-price" />;
    case "energy":
      return <EnergyLabel energyClass={cell.energyClass} />;
    case "missing":
      return (
        <>
          <span aria-hidden="true">—</span>
          <span className="visually-hidden">Sin dato</span>
        </>
      );
    case "text":
      return <>{cell.text}</>;
  }
}

/** The address to share: visible and selectable without JavaScript; «Copiar enlace» with it. */
function ShareLink({ url }: { url: string }) {
  const hydrated = useHydrated();
  const [status, setStatus] = useState("");
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      setStatus("Enlace copiado. Puede pegarlo en un mensaje o un correo.");
    } catch {
      (document.getElementById("comparacion-enlace") as HTMLInputElement | null)?.select();
      setStatus("No hemos podido copiarlo: el enlace está seleccionado, cópielo con Ctrl+C (o mantenga pulsado en el móvil).");
    }
  };
  return (
    <section className="compare-share" aria-labelledby="comparacion-compartir">
      <h2 id="comparacion-compartir">Compartir esta comparación</h2>
      <div className="field">
        <label htmlFor="comparacion-enlace">Enlace de la comparación</label>
        <div className="compare-share-row">
          <input id="comparacion-enlace" type="text" readOnly value={url} onFocus={(event) => event.currentTarget.select()} />
          {hydrated ? (
            <button type="button" className="button button-secondary" onClick={() => void copy()}>
              Copiar enlace
            </button>
          ) : null}
        </div>
      </div>
      <p className="compare-share-status" aria-live="polite">
        {status}
      </p>
    </section>
  );
}

function EmptyComparison() {
  return (
    <div className="compare-empty">
      <p>
        Todavía no hay productos que comparar. Pulse «Comparar» en las fichas o en el catálogo de una familia: puede poner hasta{" "}
        {COMPARE_MAX} productos lado a lado.
      </p>
      <ul className="compare-families">
        {FAMILIES.map((family) => (
          <li key={family}>
            <Link to={catalogueHref(family)}>{FAMILY_LABELS[family].plural}</Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
