import { describe, expect, it } from "vitest";
import { openDuringMaintenance } from "./maintenance-mode";

describe("openDuringMaintenance", () => {
  it("keeps signing in and the back office open", () => {
    for (const path of ["/login", "/login/verificacion", "/api/auth/sign-in/email", "/admin", "/admin/sitio"]) {
      expect(openDuringMaintenance(path), path).toBe(true);
    }
  });

  it("closes the shop, including look-alike paths", () => {
    for (const path of ["/", "/tienda", "/carrito/pedido", "/contacto", "/administrar", "/admin-falso", "/loginx", "/api/authx"]) {
      expect(openDuringMaintenance(path), path).toBe(false);
    }
  });
});
