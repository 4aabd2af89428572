import { describe, expect, it } from "vitest";
import { loggedPath } from "./log-path.server";

describe("the path a request line logs", () => {
  const token = "Zq3xK9mP2vL8nR4tW7yB1cD5fG6hJ0aS3uE9iO2pQ4r";
  it("cuts the secret of key-like addresses to 4 characters and drops the query", () => {
    expect(loggedPath(`/presupuestos/${token}/parte.pdf?x=1`)).toBe("/presupuestos/Zq3x…/parte.pdf");
    expect(loggedPath(`/presupuestos/${token}`)).toBe("/presupuestos/Zq3x…");
    expect(loggedPath(`/visita/${token}/calendario.ics`)).toBe("/visita/Zq3x…/calendario.ics");
    expect(loggedPath(`/calendario/${token}.ics`)).toBe("/calendario/Zq3x…");
    expect(loggedPath(`/avisos-disponibilidad/confirmar/${token}`)).toBe("/avisos-disponibilidad/confirmar/Zq3x…");
    expect(loggedPath(`/api/auth/reset-password/${token}?callbackURL=%2Flogin`)).toBe("/api/auth/reset-password/Zq3x…");
  });
  it("leaves every other path as it is", () => {
    expect(loggedPath("/visita/reservar")).toBe("/visita/reservar");
    expect(loggedPath("/tienda/detalle/calderas/12?foto=2")).toBe("/tienda/detalle/calderas/12");
    expect(loggedPath("/admin/presupuestos/P2026-000123")).toBe("/admin/presupuestos/P2026-000123");
  });
});
