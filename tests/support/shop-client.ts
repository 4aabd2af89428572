import { expect } from "@playwright/test";
import type { Shop } from "./hardening";
import type { RawResponse } from "./raw-http";

/*
 * A customer of the shop under attack, over plain HTTP (no browser): a cookie jar, the /login
 * forms, the basket and the order form, filled in from the page's own form so that the specs
 * follow the pages as they change.
 */

export type Fields = Array<[string, string]>;

export class Customer {
  readonly cookies = new Map<string, string>();
  readonly address: string;

  constructor(private readonly shop: Shop) {
    this.address = shop.newClientAddress();
  }

  cookieHeader(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
  }

  private keep(response: RawResponse) {
    const lines = response.headers["set-cookie"] ?? [];
    for (const line of lines) {
      const [pair = ""] = line.split(";");
      const at = pair.indexOf("=");
      const name = pair.slice(0, at).trim();
      const value = pair.slice(at + 1).trim();
      if (/max-age=0|expires=thu, 01 jan 1970/i.test(line) || value === "") this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  async get(path: string): Promise<RawResponse> {
    const response = await this.shop.send({ method: "GET", path, headers: { Cookie: this.cookieHeader(), "X-Forwarded-For": this.address } });
    this.keep(response);
    return response;
  }

  /** A form post as the shop's own page sends it: same Origin, urlencoded. */
  async post(path: string, fields: Fields | Record<string, string>): Promise<RawResponse> {
    const body = new URLSearchParams(Array.isArray(fields) ? fields : Object.entries(fields)).toString();
    const response = await this.shop.send({
      method: "POST",
      path,
      headers: {
        "Content-Type": "application/x-www-form-urlencoded",
        Origin: this.shop.origin,
        Cookie: this.cookieHeader(),
        "X-Forwarded-For": this.address,
      },
      body,
    });
    this.keep(response);
    return response;
  }

  /** Registers through the /login form, then signs in through it: the session cookie is kept. */
  async registerAndSignIn(email: string, password = "claveSegura1") {
    const registered = await this.post("/login", { intent: "register", email, password, redirectTo: "" });
    expect(registered.status, registered.body.slice(0, 300)).toBe(200);
    const signedIn = await this.post("/login", { intent: "signin", email, password, redirectTo: "" });
    expect(signedIn.status, signedIn.body.slice(0, 300)).toBe(302);
    expect([...this.cookies.keys()].some((name) => name.includes("session_token"))).toBe(true);
  }

  /** Adds a product of the demo catalogue through its detail page's form. */
  async addToBasket(family: string, id: number, extra: Record<string, string> = {}) {
    const response = await this.post(`/tienda/detalle/${family}/${id}`, {
      kind: "producto",
      family,
      id: String(id),
      instalacion: "NO",
      mantenimiento: "NO",
      ...extra,
    });
    expect(response.status, response.body.slice(0, 300)).toBeLessThan(400);
    expect(this.cookies.has("carrito")).toBe(true);
  }

  /** The order form of /carrito/pedido, filled in with a valid address (overrides per field). */
  async orderForm(overrides: Record<string, string> = {}): Promise<Fields> {
    const page = await this.get("/carrito/pedido");
    expect(page.status, "la página del pedido").toBe(200);
    return fillForm(formFields(page.body, "/carrito/pedido"), { ...VALID_ADDRESS, ...overrides });
  }

  /** Confirms an order with the basket as it is; returns its number. */
  async placeOrder(overrides: Record<string, string> = {}): Promise<string> {
    const fields = await this.orderForm(overrides);
    const response = await this.post("/carrito/pedido", fields);
    const location = String(response.headers.location ?? "");
    expect(response.status, `pedido rechazado: ${response.body.slice(0, 2000)}`).toBe(302);
    const number = new URL(location, this.shop.baseUrl).searchParams.get("pedido");
    expect(number, location).toMatch(/^\d+-\d+$/);
    return number!;
  }
}

/** Valid answers for the order form's fields, by the end of their names (envio-cp, factura-cp...). */
const VALID_ADDRESS: Record<string, string> = {
  id: "12345678Z",
  nombre: "Ana",
  apellidos: "Prueba Segura",
  empresa: "",
  direccion: "Calle de Alcalá 1",
  poblacion: "Madrid",
  provincia: "Madrid",
  cp: "28009",
  telefono: "600123456",
  condiciones: "acepto",
};

function attributes(tag: string): Map<string, string> {
  const found = new Map<string, string>();
  for (const match of tag.matchAll(/([\w-]+)(?:="([^"]*)")?/g)) found.set(match[1]!.toLowerCase(), decodeEntities(match[2] ?? ""));
  return found;
}

function decodeEntities(value: string): string {
  return value.replace(/&(quot|amp|lt|gt|#39|#x27);/g, (_, name: string) => ({ quot: '"', amp: "&", lt: "<", gt: ">", "#39": "'", "#x27": "'" })[name]!);
}

/**
 * The fields of a page's form (found by its action), as a browser would send them; an
 * unchecked checkbox is listed with an empty value so that fillForm can tick it.
 */
export function formFields(html: string, action: string): Fields {
  const form = [...html.matchAll(/<form\b([^>]*)>([\s\S]*?)<\/form>/g)].find(
    ([, tag]) => attributes(tag!).get("action") === action && attributes(tag!).get("method") === "post",
  );
  if (!form) throw new Error(`no hay formulario hacia ${action} en la página`);
  const fields: Fields = [];
  for (const [control, tagName, inner] of form[2]!.matchAll(/<(input|select|textarea)\b[^>]*>(?:([\s\S]*?)<\/\1>)?/g)) {
    const attrs = attributes(control.slice(0, control.indexOf(">") + 1));
    const name = attrs.get("name");
    if (!name || attrs.has("disabled")) continue;
    const type = attrs.get("type") ?? "text";
    if (tagName === "select") {
      const options = [...(inner ?? "").matchAll(/<option\b[^>]*>/g)].map(([tag]) => attributes(tag));
      fields.push([name, (options.find((o) => o.has("selected")) ?? options[0])?.get("value") ?? ""]);
    } else if (tagName === "textarea") {
      fields.push([name, decodeEntities(inner ?? "")]);
    } else if (type === "radio") {
      if (attrs.has("checked")) fields.push([name, attrs.get("value") ?? "on"]);
    } else if (type === "checkbox") {
      fields.push([name, attrs.has("checked") ? (attrs.get("value") ?? "on") : ""]);
    } else if (type !== "submit" && type !== "button" && type !== "file") {
      fields.push([name, attrs.get("value") ?? ""]);
    }
  }
  return fields;
}

/** Fills empty fields from `values`, matched by the field's name or its last "-" part. */
export function fillForm(fields: Fields, values: Record<string, string>): Fields {
  return fields.map(([name, value]) => {
    const key = name in values ? name : (name.split("-").at(-1) ?? name);
    return [name, key in values && (value === "" || name in values) ? values[key]! : value];
  });
}
