import { describe, expect, it } from "vitest";
import { pageUrl } from "./page-url.server";

describe("pageUrl: the page a request is for, React Router's data requests included", () => {
  it("drops the .data suffix and the _routes parameter, keeping the page's own query", () => {
    const url = pageUrl(new Request("http://tienda.test/admin/pedidos.data?estado=Pagado&_routes=root%2Croutes%2Fadmin&pagina=2"));
    expect(url.pathname + url.search).toBe("/admin/pedidos?estado=Pagado&pagina=2");
  });

  it("reads /_.data as the page at / (or at a path ending in /)", () => {
    expect(pageUrl(new Request("http://tienda.test/_.data")).pathname).toBe("/");
    expect(pageUrl(new Request("http://tienda.test/aires/_.data")).pathname).toBe("/aires/");
  });

  it("leaves a document request alone, and a path that merely contains .data", () => {
    expect(pageUrl(new Request("http://tienda.test/login/pedidos?x=1")).href).toBe("http://tienda.test/login/pedidos?x=1");
    expect(pageUrl(new Request("http://tienda.test/blog/big.data-center")).pathname).toBe("/blog/big.data-center");
  });
});
