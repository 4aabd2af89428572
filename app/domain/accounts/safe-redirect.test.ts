import { describe, expect, it } from "vitest";
import { safeRedirectPath } from "./safe-redirect";

/** What a browser would do with our Location header: resolve it against the page's address. */
const landsOn = (location: string) => new URL(location, "https://www.termoclima.es/login").host;

describe("safeRedirectPath", () => {
  it("keeps local paths with their query and fragment", () => {
    expect(safeRedirectPath("/tienda/calderas/x?marca=Baxi")).toBe("/tienda/calderas/x?marca=Baxi");
    expect(safeRedirectPath("/carrito/pedido#pago")).toBe("/carrito/pedido#pago");
    expect(safeRedirectPath("/")).toBe("/");
  });

  it("gives the parsed form, so the header says what was checked", () => {
    expect(safeRedirectPath("/a/../tienda")).toBe("/tienda");
    expect(safeRedirectPath("/tienda?q=a b")).toBe("/tienda?q=a%20b");
    expect(safeRedirectPath("/%2F%2Fevil.example")).toBe("/%2F%2Fevil.example");
  });

  // The classic open-redirect bypasses (OWASP, PortSwigger lists): every one of them would
  // take the browser to another host if passed through as it is.
  const bypasses = [
    "//evil.example",
    "///evil.example",
    "////evil.example",
    "https://evil.example",
    "http:evil.example",
    "https:/evil.example",
    "javascript:alert(1)",
    "JaVaScRiPt:alert(1)",
    "data:text/html,<script>alert(1)</script>",
    "/\\evil.example",
    "\\\\evil.example",
    "\\/evil.example",
    "/\t/evil.example",
    "/\n/evil.example",
    "/\r/evil.example",
    "\t//evil.example",
    " //evil.example",
    "\u0000//evil.example",
    "\u001f//evil.example",
    "/\t\\evil.example",
    "/./\\evil.example",
    "/.//evil.example",
    "/..//evil.example",
    "//evil.example/%2F..",
    "//evil.example@termoclima.es",
    "evil.example",
    "tienda",
    "?x=1",
    "#x",
    "",
    "/" + "a".repeat(3000),
  ];

  it.each(bypasses)("refuses %j", (value) => {
    expect(safeRedirectPath(value)).toBe("/");
  });

  it("never returns a target that lands on another host, whatever the input", () => {
    for (const value of bypasses) expect(landsOn(safeRedirectPath(value))).toBe("www.termoclima.es");
    // "/@evil.example" is a path on this site, not a user-info trick.
    expect(landsOn("/@evil.example")).toBe("www.termoclima.es");
  });

  it("refuses what is not a string", () => {
    for (const value of [null, undefined, 3, {}, ["/tienda"]]) expect(safeRedirectPath(value)).toBe("/");
  });

  it("uses the fallback asked for", () => {
    expect(safeRedirectPath("//evil.example", "/contacto")).toBe("/contacto");
  });
});
