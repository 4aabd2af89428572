import { ADDRESS_FIELDS, fieldName, KEY_FIELD, TERMS_FIELD, TERMS_VALUE } from "../../app/domain/orders/order-form";
import { FGAS_COMMITMENT_VALUE, FGAS_FIELDS } from "../../app/domain/orders/fgas-fields";
import { Browser, hiddenFields } from "../soak/browser";
import { ADDRESS } from "../soak/virtual-user";

/*
 * The bench's customer (scripts/bench/catalogue-scale.ts): registers and signs in through
 * /login, fills a basket through the detail pages' form and places orders by bank transfer
 * with the fields the order page carries (idempotency key, total, lines), as a browser without
 * JavaScript does. Only the order's POST is timed.
 */

const PASSWORD = "claveBench-2026";

export type BasketLine = { family: string; id: number };

export class ScaleCustomer {
  private readonly browser: Browser;

  constructor(baseUrl: string) {
    this.browser = new Browser(0, baseUrl, [], () => performance.now() / 1000);
  }

  cookieHeader(): string {
    return this.browser.cookieHeader();
  }

  async registerAndSignIn(email: string): Promise<void> {
    await this.browser.post("/login", { intent: "register", email, password: PASSWORD, redirectTo: "" }, "register");
    const signedIn = await this.browser.post("/login", { intent: "signin", email, password: PASSWORD, redirectTo: "" }, "sign-in");
    if (signedIn.status !== 302 || !this.browser.hasCookie("session_token")) {
      throw new Error(`no se pudo iniciar sesión (HTTP ${signedIn.status})`);
    }
  }

  async fillBasket(lines: BasketLine[]): Promise<void> {
    for (const { family, id } of lines) {
      const fields = { kind: "producto", family, id: String(id), instalacion: "NO", mantenimiento: "NO", provincia: "" };
      const reply = await this.browser.post(`/tienda/detalle/${family}/${id}`, fields, "add");
      if (reply.status >= 400) throw new Error(`no se pudo añadir ${family}/${id} a la cesta: HTTP ${reply.status}`);
    }
  }

  /** Opens the order page, then confirms it; returns the milliseconds of the confirmation alone. */
  async placeOrder(): Promise<number> {
    const form = await this.browser.get("/carrito/pedido", "order form");
    const hidden = form.status === 200 ? hiddenFields(form.body, KEY_FIELD) : null;
    if (!hidden?.[KEY_FIELD]) throw new Error(`la página del pedido no trae su formulario (HTTP ${form.status})`);
    const fields = {
      ...Object.fromEntries(ADDRESS_FIELDS.map((field) => [fieldName("envio", field), ADDRESS[field]])),
      facturacion: "igual",
      pago: "transferencia",
      [TERMS_FIELD]: TERMS_VALUE,
      // Splits bought without installation: the buyer's F-gas declaration, as a customer fills it.
      ...(form.body.includes(`name="${FGAS_FIELDS.name}"`)
        ? { [FGAS_FIELDS.name]: "Ana Prueba Bench", [FGAS_FIELDS.id]: "12345678Z", [FGAS_FIELDS.commitment]: FGAS_COMMITMENT_VALUE }
        : {}),
      ...hidden,
    };
    const started = performance.now();
    const reply = await this.browser.post("/carrito/pedido", fields, "order");
    const ms = performance.now() - started;
    if (reply.status !== 302 || !/[?&]pedido=/.test(reply.location ?? "")) {
      throw new Error(`pedido rechazado: HTTP ${reply.status} ${reply.body.slice(0, 300)}`);
    }
    return ms;
  }
}
