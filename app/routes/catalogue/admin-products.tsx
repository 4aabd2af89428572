import { Link, useLoaderData } from "react-router";
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
import { AdminList, type AdminTable } from "~/ui/admin/admin-list";
import { FilterSearch, FilterSelect } from "~/ui/admin/admin-list-filters";
import { DownloadLink } from "~/ui/admin/download-link";
import { adminMeta } from "~/ui/admin/admin-nav";
import { Price } from "~/ui/price";
import type { Route } from "./+types/admin-products";
import { pageUrl } from "~/server/http/page-url.server";

/**
 * /admin/catalogo (issue 11): the four families, hidden products too, searched by brand,
 * model, type or slug, filtered by family, visibility and low stock, paged on the server.
 */
export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const filters = parseProductListFilters(pageUrl(request).searchParams);
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

type Row = Route.ComponentProps["loaderData"]["rows"][number];

/** On a phone each product is a card headed by its photo and its name side by side. */
const table: AdminTable<Row> = {
  caption: "Productos del catálogo por familia, marca y modelo",
  rowKey: (row) => row.id,
  className: "admin-products",
  columns: [
    { label: "Foto", phone: "title", cell: (row) => <img className="admin-product-thumb" src={row.image} alt="" width={56} height={56} loading="lazy" /> },
    {
      label: "Producto",
      phone: "title",
      cell: (row) => (
        <Link to={`/admin/catalogo/${row.id}`}>
          {row.brand} {row.model}
        </Link>
      ),
    },
    { label: "Familia", cell: (row) => row.familyLabel },
    { label: "Tipo", cell: (row) => row.typeLabel },
    { label: "Precio", num: true, cell: (row) => <Price cents={row.priceCents} /> },
    {
      label: "Stock",
      num: true,
      cell: (row) => (
        <>
          {row.stock}
          {row.low ? <span className="admin-badge admin-badge-warn">Stock bajo</span> : null}
        </>
      ),
    },
    { label: "Avisos", heading: <abbr title="Avisos de disponibilidad confirmados que esperan a que vuelva el stock">Avisos</abbr>, num: true, cell: (row) => row.waitingAlerts },
    { label: "En la tienda", cell: (row) => (row.active ? <span className="admin-badge admin-badge-ok">Visible</span> : <span className="admin-badge">Oculto</span>) },
  ],
};

const VISIBILITY_CHOICES = [
  ["visibles", "Solo visibles"],
  ["ocultos", "Solo ocultos"],
] as const;

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
        {/* The whole catalogue, whatever the filters: the file to edit and import again. */}
        <DownloadLink to="/admin/catalogo/exportar">Exportar CSV</DownloadLink>
        <Link to="/admin/catalogo/importar" className="button button-secondary">
          Importar CSV
        </Link>
      </div>
      <AdminList
        filtered={filtered}
        filter={{
          label: "Filtrar productos",
          reset: { to: "/admin/catalogo" },
          fields: (
            <>
              <FilterSearch id="catalogo-q" value={filters.text} maxLength={MAX_PRODUCT_SEARCH_LENGTH} hint="Marca, modelo, tipo o slug" />
              <FilterSelect id="catalogo-familia" name="familia" label="Familia" value={filters.family} all="Todas" options={FAMILIES.map((family) => [family, FAMILY_LABELS[family].plural])} />
              <FilterSelect id="catalogo-visibilidad" name="visibilidad" label="En la tienda" value={filters.visibility} all="Visibles y ocultos" options={VISIBILITY_CHOICES} />
              <div className="checkbox-field">
              <input id="catalogo-stock" type="checkbox" name="stock" value="bajo" defaultChecked={filters.lowStock} />
              <label htmlFor="catalogo-stock">Solo stock bajo</label>
              </div>
            </>
          ),
        }}
        count={{ total: totalCount, one: "producto", many: "productos" }}
        table={table}
        rows={rows}
        empty="Aún no hay productos."
        noMatch="Ningún producto coincide con estos filtros."
        pager={{ of: "productos", page: filters.page, pageCount, href: (page) => `/admin/catalogo${productListQuery(filters, page)}` }}
      />
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminErrorPage error={error} back={{ to: "/admin/catalogo", label: "Volver al catálogo" }} />;
}
