import { Form, Link, useLoaderData } from "react-router";
import { typeLabel } from "~/domain/catalogue/family-fields";
import {
  hasProductFilters,
  isLowStock,
  MAX_PRODUCT_SEARCH_LENGTH,
  parseProductListFilters,
  productListQuery,
} from "~/domain/catalogue/product-list-filters";
import { FAMILIES, FAMILY_LABELS } from "~/domain/catalogue/product";
import { requireAdmin } from "~/server/accounts/admin-access.server";
import { listProducts } from "~/server/catalogue/product-list.server";
import { getDb } from "~/server/db/db.server";
import { AdminErrorPage } from "~/ui/admin/admin-error-page";
import { adminMeta } from "~/ui/admin/admin-nav";
import { Price } from "~/ui/price";
import type { Route } from "./+types/admin-products";
import { AdminPager } from "~/ui/admin/admin-pager";

/**
 * /admin/catalogo (issue 11): the four families, hidden products too, searched by brand,
 * model, type or slug, filtered by family, visibility and low stock, paged on the server.
 */
export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const filters = parseProductListFilters(new URL(request.url).searchParams);
  const list = await listProducts(await getDb(), filters);
  return {
    filters,
    totalCount: list.totalCount,
    pageCount: list.pageCount,
    rows: list.rows.map((row) => ({
      ...row,
      familyLabel: FAMILY_LABELS[row.family].singular,
      typeLabel: typeLabel(row.family, row.type),
      low: isLowStock(row),
    })),
  };
}

export const meta: Route.MetaFunction = () => adminMeta("Catálogo");

export default function ProductsPage() {
  const { filters, totalCount, pageCount, rows } = useLoaderData<typeof loader>();
  const filtered = hasProductFilters(filters);
  return (
    <>
      <h1>Catálogo</h1>
      <div className="admin-actions">
        <Link to="/admin/catalogo/nuevo" className="button">
          Nuevo producto
        </Link>
        {/* A file, not a page: the browser downloads it (reloadDocument skips the client router). */}
        <Link to="/admin/catalogo/exportar" reloadDocument className="button button-secondary">
          Exportar CSV
        </Link>
        <Link to="/admin/catalogo/importar" className="button button-secondary">
          Importar CSV
        </Link>
      </div>
      {/* A plain GET form: the filters land in the URL, and a new filter starts at page 1. */}
      <Form method="get" className="admin-filters" role="search" aria-label="Filtrar productos">
        <div className="field">
          <label htmlFor="catalogo-q">Buscar</label>
          <input id="catalogo-q" name="q" type="search" defaultValue={filters.text} maxLength={MAX_PRODUCT_SEARCH_LENGTH} aria-describedby="catalogo-q-ayuda" />
          <p id="catalogo-q-ayuda" className="field-hint">
            Marca, modelo, tipo o slug
          </p>
        </div>
        <div className="field">
          <label htmlFor="catalogo-familia">Familia</label>
          <select id="catalogo-familia" name="familia" defaultValue={filters.family ?? ""}>
            <option value="">Todas</option>
            {FAMILIES.map((family) => (
              <option key={family} value={family}>
                {FAMILY_LABELS[family].plural}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="catalogo-visibilidad">En la tienda</label>
          <select id="catalogo-visibilidad" name="visibilidad" defaultValue={filters.visibility ?? ""}>
            <option value="">Visibles y ocultos</option>
            <option value="visibles">Solo visibles</option>
            <option value="ocultos">Solo ocultos</option>
          </select>
        </div>
        <div className="checkbox-field">
          <input id="catalogo-stock" type="checkbox" name="stock" value="bajo" defaultChecked={filters.lowStock} />
          <label htmlFor="catalogo-stock">Solo stock bajo</label>
        </div>
        <div className="admin-actions">
          <button type="submit" className="button">
            Filtrar
          </button>
          {filtered ? <Link to="/admin/catalogo">Quitar filtros</Link> : null}
        </div>
      </Form>
      <p role="status">
        {totalCount === 1 ? "1 producto" : `${totalCount.toLocaleString("es-ES")} productos`}
        {filtered ? " con estos filtros" : ""}
      </p>
      <div className="admin-table-wrap">
        <table className="admin-table stack admin-products">
          <caption className="visually-hidden">Productos del catálogo por familia, marca y modelo</caption>
          <thead>
            <tr>
              <th scope="col">Foto</th>
              <th scope="col">Producto</th>
              <th scope="col">Familia</th>
              <th scope="col">Tipo</th>
              <th scope="col" className="num">
                Precio
              </th>
              <th scope="col" className="num">
                Stock
              </th>
              <th scope="col" className="num">
                <abbr title="Avisos de disponibilidad confirmados que esperan a que vuelva el stock">Avisos</abbr>
              </th>
              <th scope="col">En la tienda</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.id}>
                <td data-label="Foto" className="admin-product-photo">
                  <img className="admin-product-thumb" src={row.image} alt="" width={56} height={56} loading="lazy" />
                </td>
                <td data-label="Producto" className="admin-product-name">
                  <Link to={`/admin/catalogo/${row.id}`}>
                    {row.brand} {row.model}
                  </Link>
                </td>
                <td data-label="Familia">{row.familyLabel}</td>
                <td data-label="Tipo">{row.typeLabel}</td>
                <td data-label="Precio" className="num">
                  <Price cents={row.priceCents} />
                </td>
                <td data-label="Stock" className="num">
                  {row.stock}
                  {row.low ? <span className="admin-badge admin-badge-warn">Stock bajo</span> : null}
                </td>
                <td data-label="Avisos" className="num">
                  {row.waitingAlerts}
                </td>
                <td data-label="En la tienda">
                  {row.active ? <span className="admin-badge admin-badge-ok">Visible</span> : <span className="admin-badge">Oculto</span>}
                </td>
              </tr>
            ))}
            {rows.length === 0 ? (
              <tr>
                <td colSpan={8}>{filtered ? "Ningún producto coincide con estos filtros." : "Aún no hay productos."}</td>
              </tr>
            ) : null}
          </tbody>
        </table>
      </div>
      <AdminPager
        label="Páginas de productos"
        page={filters.page}
        pageCount={pageCount}
        shownPage={Math.min(filters.page, pageCount)}
        previousPage={Math.min(filters.page - 1, pageCount)}
        href={(page) => `/admin/catalogo${productListQuery(filters, page)}`}
      />
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminErrorPage error={error} back={{ to: "/admin/catalogo", label: "Volver al catálogo" }} />;
}
