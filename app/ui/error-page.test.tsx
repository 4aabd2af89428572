// @vitest-environment jsdom
import { cleanup, render, screen } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ErrorBoundary } from "~/root";

afterEach(cleanup);

function renderFailing(thrown: unknown) {
  const Stub = createRoutesStub([
    {
      path: "/",
      Component: () => null,
      ErrorBoundary,
      loader: () => {
        throw thrown;
      },
    },
  ]);
  render(<Stub initialEntries={["/"]} />);
}

describe("error pages", () => {
  it("a failure shows a Spanish error page, not a stack trace", async () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    renderFailing(new Error("conexión perdida"));
    expect(await screen.findByRole("heading", { name: "Algo ha salido mal" })).toBeTruthy();
    expect(screen.queryByText(/conexión perdida/)).toBeNull();
    expect(screen.getByRole("link", { name: "Ir al inicio" }).getAttribute("href")).toBe("/");
    expect(logged).toHaveBeenCalled();
  });

  it("a 404 says the page was not found", async () => {
    renderFailing(new Response(null, { status: 404 }));
    expect(await screen.findByRole("heading", { name: "Página no encontrada" })).toBeTruthy();
  });

  it.each([
    [405, "Acción no permitida"],
    [409, "Los datos han cambiado"],
    [413, "Formulario demasiado grande"],
    [415, "Formato no admitido"],
    [429, "Demasiadas peticiones"],
  ])("a %i has its own Spanish page", async (status, title) => {
    renderFailing(new Response(null, { status }));
    expect(await screen.findByRole("heading", { name: title })).toBeTruthy();
    expect(document.title).toBe(`${title} | Error ${status}`);
  });

  it("maintenance shows the maintenance page with the shop's contact", async () => {
    const shop = { name: "Termoclima Madrid", phone: "912 345 678", email: "info@termoclima.example" };
    renderFailing(Response.json({ maintenance: true, shop }, { status: 503 }));
    expect(await screen.findByRole("heading", { name: "Estamos en mantenimiento" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "912 345 678" }).getAttribute("href")).toBe("tel:+34912345678");
  });
});
