import { MESSAGES } from "../../app/domain/accounts/auth-messages";
import { HONEYPOT_FIELD, THANKS_PATH } from "../../app/domain/quotes/contact-form";
import { ADDRESS_FIELDS, fieldName, KEY_FIELD, TERMS_FIELD, TERMS_VALUE } from "../../app/domain/orders/order-form";
import { hiddenFields, type Browser, type Reply } from "./browser";
import type { Random } from "./random";
import type { ShopProduct } from "./scratch-database";

/**
 * One virtual user: browses, fills and empties a basket, asks for quotes, registers, signs in
 * and orders, with the form fields the pages send (app/domain/*-form.ts, app/routes/*.tsx).
 * What the server acknowledged goes into the ledger, to be compared with the database later.
 */
export type Ledger = {
  quotes: { sent: number; acknowledged: Set<string>; refused: Record<string, number> };
  orders: {
    attempts: number;
    /** idempotency key -> order numbers the server answered with (more than one: a duplicate). */
    acknowledged: Map<string, Set<string>>;
    refused: Record<string, number>;
    retries: number;
    firstRefusal: string | null;
  };
  accounts: { attempts: number; acknowledged: Set<string>; signIns: number };
  basket: { added: number; removed: number; refused: Record<string, number> };
};

export function emptyLedger(): Ledger {
  return {
    quotes: { sent: 0, acknowledged: new Set(), refused: {} },
    orders: { attempts: 0, acknowledged: new Map(), refused: {}, retries: 0, firstRefusal: null },
    accounts: { attempts: 0, acknowledged: new Set(), signIns: 0 },
    basket: { added: 0, removed: 0, refused: {} },
  };
}

const PAGES = ["/", "/tienda", "/tienda/calderas", "/tienda/aires", "/tienda/aerotermia", "/tienda/termostatos", "/contacto", "/servicios"];
const PASSWORD = "claveSoak-2026";
/** A customer who gets an error page presses the button again, a few times, with the same form. */
const ORDER_TRIES = 4;

/** The shipping address a scripted customer types (the soak's and the bench's). */
export const ADDRESS: Record<(typeof ADDRESS_FIELDS)[number], string> = {
  id: "12345678Z",
  nombre: "Ana",
  apellidos: "García López",
  empresa: "",
  direccion: "Calle Mayor 1, 2º B",
  poblacion: "Madrid",
  provincia: "Madrid",
  cp: "28013",
  telefono: "600 123456",
};

const bump = (counts: Record<string, number>, key: string | number) => (counts[String(key)] = (counts[String(key)] ?? 0) + 1);

export type UserContext = {
  browser: Browser;
  random: Random;
  products: ShopProduct[];
  ledger: Ledger;
  run: string;
  /** Seconds since the traffic started. */
  clock: () => number;
  endsAt: number;
};

export async function runVirtualUser(context: UserContext): Promise<void> {
  const { browser, random, clock, endsAt } = context;
  const state = { email: "", accounts: 0, signedIn: false, basket: [] as ShopProduct[], quotes: 0 };

  const productPath = (product: ShopProduct) => `/tienda/detalle/${product.family}/${product.id}`;
  const wait = (min: number, max: number) => new Promise((resolve) => setTimeout(resolve, random.int(min, max)));

  async function browse() {
    const roll = random.next();
    if (roll < 0.45) await browser.get(random.pick(PAGES), "page");
    else if (roll < 0.8) await browser.get(productPath(random.pick(context.products)), "product");
    else if (roll < 0.92) await browser.get("/carrito", "basket");
    else await browser.get("/login", "account");
  }

  async function add() {
    const product = random.pick(context.products);
    const services = product.family !== "termostatos" && random.next() < 0.3 ? "SI" : "NO";
    const reply = await browser.post(
      productPath(product),
      { kind: "producto", family: product.family, id: String(product.id), instalacion: services, mantenimiento: "NO", provincia: "madrid" },
      "add",
    );
    if (reply.status === 200 && reply.body.includes("Añadido al carrito")) {
      state.basket.push(product);
      context.ledger.basket.added += 1;
    } else bump(context.ledger.basket.refused, reply.status);
  }

  async function remove() {
    const index = random.int(0, state.basket.length - 1);
    const product = state.basket[index]!;
    const reply = await browser.post("/carrito", { intent: "eliminar", familia: product.family, id: String(product.id) }, "remove");
    if (reply.status === 302 || reply.status === 303) {
      // Removing a product removes every line of that product (and its services).
      state.basket = state.basket.filter((line) => line.id !== product.id || line.family !== product.family);
      context.ledger.basket.removed += 1;
    } else bump(context.ledger.basket.refused, reply.status);
  }

  async function quote() {
    state.quotes += 1;
    const token = `${context.run}-q-${browser.user}-${state.quotes}`;
    context.ledger.quotes.sent += 1;
    const reply = await browser.post(
      "/contacto",
      {
        nameAndSurname: `Cliente Soak ${browser.user}`,
        phone: "600 123 456",
        email: `soak-${browser.user}@example.com`,
        adress: "Calle de Alcalá 10",
        state: "Madrid",
        message: `Quisiera un presupuesto. Referencia ${token}`,
        sourcePage: "/contacto",
        [HONEYPOT_FIELD]: "",
      },
      "quote",
    );
    if (reply.status === 303 && reply.location?.startsWith(THANKS_PATH)) {
      context.ledger.quotes.acknowledged.add(token);
      await browser.get(reply.location, "thanks");
    } else bump(context.ledger.quotes.refused, reply.status);
  }

  async function signIn(): Promise<boolean> {
    const reply = await browser.post("/login", { intent: "signin", email: state.email, password: PASSWORD, redirectTo: "" }, "sign-in");
    state.signedIn = reply.status === 302 && browser.hasCookie("session_token");
    if (state.signedIn) context.ledger.accounts.signIns += 1;
    return state.signedIn;
  }

  async function register() {
    state.accounts += 1;
    const email = `${context.run}-u${browser.user}-${state.accounts}@example.com`;
    context.ledger.accounts.attempts += 1;
    const reply = await browser.post("/login", { intent: "register", email, password: PASSWORD, redirectTo: "" }, "register");
    if (reply.status !== 200 || !reply.body.includes(MESSAGES.created)) return;
    context.ledger.accounts.acknowledged.add(email);
    state.email = email;
    await signIn();
  }

  async function signOut() {
    await browser.post("/login", { intent: "signout", email: "", password: "", redirectTo: "" }, "sign-out");
    browser.forgetCookies((name) => name.includes("session"));
    state.signedIn = false;
  }

  async function order() {
    const form = await browser.get("/carrito/pedido", "order form");
    if (form.status === 302 && form.location?.startsWith("/login")) {
      if (state.email) await signIn();
      return;
    }
    if (form.status === 302 && form.location === "/carrito") {
      state.basket = [];
      return;
    }
    if (form.status !== 200) return;
    const hidden = hiddenFields(form.body, KEY_FIELD);
    if (!hidden?.[KEY_FIELD]) throw new Error("the order form carries no idempotency key (has the page changed?)");
    const fields: Record<string, string> = {
      ...Object.fromEntries(ADDRESS_FIELDS.map((field) => [fieldName("envio", field), ADDRESS[field]])),
      facturacion: "igual",
      pago: "transferencia",
      [TERMS_FIELD]: TERMS_VALUE,
      // Everything the form carries hidden: the idempotency key, the total it showed, ...
      ...hidden,
    };
    const key = hidden[KEY_FIELD];
    context.ledger.orders.attempts += 1;
    for (let attempt = 1; attempt <= ORDER_TRIES; attempt++) {
      if (attempt > 1) {
        context.ledger.orders.retries += 1;
        await wait(1000, 2500);
      }
      const reply: Reply = await browser.post("/carrito/pedido", fields, "order");
      const number = reply.status === 302 ? /[?&]pedido=([^&]+)/.exec(reply.location ?? "")?.[1] : undefined;
      if (number) {
        const numbers = context.ledger.orders.acknowledged.get(key) ?? new Set();
        numbers.add(decodeURIComponent(number));
        context.ledger.orders.acknowledged.set(key, numbers);
        state.basket = [];
        await browser.get(reply.location!, "order confirmation");
        return;
      }
      // No answer or a server error: the customer cannot know, and presses again.
      if (reply.status !== 0 && reply.status < 500) {
        bump(context.ledger.orders.refused, reply.status);
        context.ledger.orders.firstRefusal ??= `${reply.status}: ${formError(reply.body)}`;
        return;
      }
    }
    bump(context.ledger.orders.refused, "no answer after resubmissions");
  }

  while (clock() < endsAt) {
    const choice = random.weighted({
      browse: 40,
      add: state.basket.length < 6 ? 18 : 2,
      remove: state.basket.length > 0 ? 5 : 0,
      quote: 5,
      register: state.signedIn ? 0 : 4,
      order: state.basket.length > 0 ? (state.signedIn ? 14 : 3) : 0,
      signOut: state.signedIn ? 0.5 : 0,
    });
    if (choice === "browse") await browse();
    else if (choice === "add") await add();
    else if (choice === "remove") await remove();
    else if (choice === "quote") await quote();
    else if (choice === "register") await register();
    else if (choice === "order") await (state.signedIn ? order() : state.email ? signIn() : register());
    else await signOut();
    await wait(250, 1000);
  }
}

/** The form's message of a refused order, for the report (the script may send a wrong field). */
function formError(html: string): string {
  const match = /class="form-error"[^>]*>([\s\S]*?)<\/(p|div)>/.exec(html) ?? /<h1[^>]*>([\s\S]*?)<\/h1>/.exec(html);
  return (match?.[1] ?? html.slice(0, 120)).replace(/<[^>]+>/g, "").replace(/\s+/g, " ").trim().slice(0, 160);
}
