// @vitest-environment jsdom
import { cleanup, render, screen, within } from "@testing-library/react";
import type { ReactNode } from "react";
import { createRoutesStub } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { AdminList, type AdminTable } from "./admin-list";
import { AdminListFilters, FilterSelect } from "./admin-list-filters";
import { countText } from "./count-text";

/*
 * The back office's one list (decision 0024): what every list now does the same way, where the
 * ten copies used to differ (the pager past the last page, the empty row, the count's digits).
 */
afterEach(cleanup);

type Row = { number: string; total: number };
const table: AdminTable<Row> = {
  caption: "Pedidos",
  rowKey: (row) => row.number,
  columns: [
    { label: "Número", phone: "title", cell: (row) => row.number },
    { label: "Notas", phone: "hidden", cell: () => "interna" },
    { label: "Total", num: true, cell: (row) => `${row.total} €` },
  ],
};

function show(node: ReactNode) {
  const Stub = createRoutesStub([{ path: "/admin/pedidos", Component: () => node }]);
  render(<Stub initialEntries={["/admin/pedidos"]} />);
}

const href = (page: number) => `/admin/pedidos?pagina=${page}`;

function list(rows: Row[], page: number, pageCount: number, extra: { csv?: string; filtered?: boolean } = {}) {
  return (
    <AdminList
      table={table}
      rows={rows}
      count={{ total: rows.length, one: "pedido", many: "pedidos" }}
      empty="Aún no hay pedidos."
      noMatch="Ningún pedido coincide con estos filtros."
      pager={{ of: "pedidos", page, pageCount, href }}
      {...extra}
    />
  );
}

describe("AdminList", () => {
  it("declares each column once: its header, its cells named for the phone's card, a title and a hidden cell", async () => {
    show(list([{ number: "P-1", total: 12 }], 1, 1, { csv: "/admin/pedidos/exportar?estado=Pagado" }));
    const table = await screen.findByRole("table", { name: "Pedidos" });
    expect(within(table).getAllByRole("columnheader").map((th) => th.textContent)).toEqual(["Número", "Notas", "Total"]);
    const cells = within(table).getAllByRole("cell");
    expect(cells.map((td) => td.getAttribute("data-label"))).toEqual(["Número", "Notas", "Total"]);
    expect(cells.map((td) => td.className)).toEqual(["admin-card-title", "admin-card-hidden", "num"]);
    expect(screen.getByRole("status").textContent).toBe("1 pedido");
    expect(screen.getByRole("link", { name: "Exportar CSV" }).getAttribute("href")).toBe("/admin/pedidos/exportar?estado=Pagado");
    // One page: no pager.
    expect(screen.queryByRole("navigation")).toBeNull();
  });

  it("an empty first page shows the list's own words in one row across every column", async () => {
    show(list([], 1, 1));
    const empty = await screen.findByRole("cell", { name: "Aún no hay pedidos." });
    expect(empty.getAttribute("colspan")).toBe("3");
  });

  it("a filtered list says so in its count, and an empty one that nothing matches", async () => {
    show(list([], 1, 1, { filtered: true }));
    expect(await screen.findByRole("cell", { name: "Ningún pedido coincide con estos filtros." })).toBeTruthy();
    expect(screen.getByRole("status").textContent).toBe("0 pedidos con estos filtros");
  });

  it("a page past the last one says so, and Anterior leads back to the last page", async () => {
    show(list([], 5, 2));
    expect(await screen.findByRole("cell", { name: "Esta página no tiene pedidos." })).toBeTruthy();
    const pager = screen.getByRole("navigation", { name: "Páginas de pedidos" });
    expect(pager.textContent).toContain("Página 5 de 2");
    expect(within(pager).getByRole("link", { name: "Anterior" }).getAttribute("href")).toBe("/admin/pedidos?pagina=2");
    expect(within(pager).queryByRole("link", { name: "Siguiente" })).toBeNull();
  });

  it("a middle page links to both neighbours", async () => {
    show(list([{ number: "P-1", total: 1 }], 2, 3));
    const pager = await screen.findByRole("navigation", { name: "Páginas de pedidos" });
    expect(within(pager).getByRole("link", { name: "Anterior" }).getAttribute("href")).toBe(href(1));
    expect(within(pager).getByRole("link", { name: "Siguiente" }).getAttribute("href")).toBe(href(3));
  });
});

describe("AdminListFilters", () => {
  const filters = (active: boolean) => (
    <AdminListFilters label="Filtrar pedidos" active={active} reset={{ to: "/admin/pedidos" }}>
      <FilterSelect id="pedidos-estado" name="estado" label="Estado" value={active ? "Pagado" : null} options={[["Pagado", "Pagado"]]} />
    </AdminListFilters>
  );

  it("a GET form in a disclosure named like its button, closed while nothing is filtered", async () => {
    show(filters(false));
    const form = await screen.findByRole("search", { name: "Filtrar pedidos" });
    expect(form.getAttribute("method")).toBe("get");
    const details = form.closest("details")!;
    expect(details.open).toBe(false);
    expect(details.querySelector("summary")?.textContent).toBe("Filtrar");
    expect(within(form).getByRole("button", { name: "Filtrar" })).toBeTruthy();
    expect(screen.queryByRole("link", { name: "Quitar filtros" })).toBeNull();
    expect((screen.getByLabelText("Estado") as HTMLSelectElement).value).toBe("");
  });

  it("open while a filter is set, with the way back to the whole list", async () => {
    show(filters(true));
    const form = await screen.findByRole("search", { name: "Filtrar pedidos" });
    expect(form.closest("details")!.open).toBe(true);
    expect(screen.getByRole("link", { name: "Quitar filtros" })).toBeTruthy();
    expect((screen.getByLabelText("Estado") as HTMLSelectElement).value).toBe("Pagado");
  });
});

describe("countText", () => {
  it("writes one and many, the digits grouped as Spanish writes them", () => {
    expect(countText(1, "factura", "facturas")).toBe("1 factura");
    expect(countText(0, "factura", "facturas")).toBe("0 facturas");
    expect(countText(12345, "factura", "facturas")).toBe("12.345 facturas");
  });
});
