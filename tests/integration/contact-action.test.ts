import { desc, eq, sql } from "drizzle-orm";
import { afterAll, beforeEach, describe, expect, it, vi } from "vitest";
import { CONTACT_REQUIRED_MESSAGE, type ContactReply } from "~/domain/quotes/contact-form";
import { action } from "~/routes/quotes/contact";
import { resetConfigForTests } from "~/server/config.server";
import { RATE_LIMIT_MESSAGE, SPAM_MESSAGE } from "~/server/quotes/contact.server";
import { outbox, requestLimits } from "~/server/db/shared-schema.server";
import { contactRequests } from "~/server/quotes/quotes-schema.server";
import { hitRateLimit } from "~/server/rate-limit.server";
import { setupTestDatabase } from "../db-utils";

const ready = setupTestDatabase();
process.env.PUBLIC_BASE_URL = "https://tienda.example";
process.env.SHOP_EMAIL = "info@tienda.example";
resetConfigForTests();
afterAll(() => {
  delete process.env.PUBLIC_BASE_URL;
  delete process.env.SHOP_EMAIL;
  resetConfigForTests();
});

const valid = {
  nameAndSurname: "Lucía García Pérez",
  phone: "600 123 456",
  email: "lucia@example.com",
  adress: "Calle de Alcalá 120, 3º B",
  state: "Madrid",
  message: "Quisiera cambiar la caldera.",
  web: "",
};

let lastIp = 0;
/** Each test posts from addresses of its own, so the rate limit of one does not touch another. */
let ip = "";
beforeEach(() => {
  ip = `198.51.100.${++lastIp}`;
});

type Result = { status: number; location: string | null; body: ContactReply | null };

async function post(fields: Record<string, string>, init: { from?: string; body?: BodyInit; headers?: Record<string, string> } = {}): Promise<Result> {
  const request = new Request("http://localhost/contacto", {
    method: "POST",
    body: init.body ?? new URLSearchParams(fields),
    headers: { "x-forwarded-for": init.from ?? ip, ...init.headers },
  });
  const result = await action({ request, params: {}, context: {} } as never);
  if (result instanceof Response) return { status: result.status, location: result.headers.get("Location"), body: null };
  const reply = result as unknown as { data: ContactReply; init: ResponseInit | null };
  return { status: reply.init?.status ?? 200, location: null, body: reply.data };
}

async function counts() {
  const { db } = await ready;
  const [requests] = await db.select({ n: sql<number>`count(*)::int` }).from(contactRequests);
  const [entries] = await db.select({ n: sql<number>`count(*)::int` }).from(outbox);
  return { requests: requests!.n, entries: entries!.n };
}

describe("the contact action without JavaScript", () => {
  it("stores a valid request with its two deliveries and answers 303 to the thank-you page", async () => {
    const { db } = await ready;
    const result = await post({ ...valid, sourcePage: "/contacto" });
    expect(result).toEqual({ status: 303, location: "/promo-Saunier/gracias?desde=%2Fcontacto", body: null });

    const [row] = await db.select().from(contactRequests).orderBy(desc(contactRequests.id)).limit(1);
    expect(row).toMatchObject({
      nameAndSurname: "Lucía García Pérez",
      phone: "600 123 456",
      email: "lucia@example.com",
      address: "Calle de Alcalá 120, 3º B",
      town: "Madrid",
      message: "Quisiera cambiar la caldera.",
      productId: null,
      sourcePage: "/contacto",
    });
    const entries = await db.select().from(outbox).where(sql`(payload->>'requestId')::int = ${row!.id} or payload->>'text' like ${`%(nº ${row!.id})%`}`);
    expect(entries.map((entry) => [entry.kind, entry.status]).sort()).toEqual([
      ["email", "pending"],
      ["trello_card", "pending"],
    ]);
    const email = entries.find((entry) => entry.kind === "email")!.payload;
    expect(email).toMatchObject({ to: "info@tienda.example", subject: "Nueva solicitud de presupuesto: Lucía García Pérez", replyTo: "lucia@example.com" });
    expect(entries.find((entry) => entry.kind === "trello_card")!.payload).toMatchObject({
      requestId: row!.id,
      name: "Lucía García Pérez",
      sourceUrl: "https://tienda.example/contacto",
      product: null,
    });
  });

  it("takes exactly the fields of the product pop-up and records the product", async () => {
    const { db } = await ready;
    const result = await post({ ...valid, productId: "1", sourcePage: "/tienda/detalle/calderas/1" });
    expect(result.status).toBe(303);
    expect(result.location).toBe("/promo-Saunier/gracias?desde=%2Ftienda%2Fdetalle%2Fcalderas%2F1");
    const [row] = await db.select().from(contactRequests).orderBy(desc(contactRequests.id)).limit(1);
    expect(row).toMatchObject({ productId: 1, sourcePage: "/tienda/detalle/calderas/1" });
    const [card] = await db
      .select()
      .from(outbox)
      .where(sql`${outbox.kind} = 'trello_card' and (payload->>'requestId')::int = ${row!.id}`);
    expect(card!.payload.product).toEqual({
      brand: "Hermann",
      model: expect.any(String),
      url: "https://tienda.example/tienda/detalle/calderas/1",
    });
  });

  it("stores a request about a product that is gone, without the product", async () => {
    const { db } = await ready;
    expect((await post({ ...valid, productId: "999999" })).status).toBe(303);
    const [row] = await db.select().from(contactRequests).orderBy(desc(contactRequests.id)).limit(1);
    expect(row!.productId).toBeNull();
  });

  it("answers 400 with the spec's message and what was typed, storing nothing", async () => {
    const before = await counts();
    const result = await post({ ...valid, phone: " ", email: "", productId: "1", sourcePage: "/tienda/detalle/calderas/1" });
    expect(result.status).toBe(400);
    expect(result.body).toEqual({
      ok: false,
      error: CONTACT_REQUIRED_MESSAGE,
      invalid: ["phone", "email"],
      values: {
        nameAndSurname: valid.nameAndSurname,
        phone: " ",
        email: "",
        adress: valid.adress,
        state: valid.state,
        message: valid.message,
        productId: 1,
        sourcePage: "/tienda/detalle/calderas/1",
      },
    });
    expect(await counts()).toEqual(before);
  });

  it("answers 400 to an empty post, even one with no fields at all", async () => {
    const result = await post({});
    expect(result.status).toBe(400);
    expect(result.body).toMatchObject({ ok: false, error: CONTACT_REQUIRED_MESSAGE });
  });

  it("answers 400 in Spanish to text beyond the limits, storing nothing", async () => {
    const before = await counts();
    const result = await post({ ...valid, message: "x".repeat(5001) });
    expect(result.status).toBe(400);
    expect(result.body).toMatchObject({ ok: false, error: "El campo «Mensaje» es demasiado largo: como máximo 5000 caracteres." });
    // What is echoed back is cut to the limit too.
    expect(result.body?.ok === false && result.body.values?.message).toHaveLength(5000);
    const name = await post({ ...valid, nameAndSurname: "N".repeat(201) });
    expect(name.status).toBe(400);
    expect(name.body).toMatchObject({ error: "El campo «Nombre y apellidos» es demasiado largo: como máximo 200 caracteres." });
    expect(await counts()).toEqual(before);
  });

  it("answers 413 to a body of megabytes before reading it, and 415 to a body that is no form", async () => {
    const huge = await post({}, { body: new URLSearchParams({ ...valid, message: "x".repeat(300_000) }) });
    expect(huge.status).toBe(413);
    expect(huge.body).toMatchObject({ ok: false, error: "El formulario es demasiado largo. Acorte el mensaje e inténtelo de nuevo." });
    const json = post({}, { body: JSON.stringify(valid), headers: { "Content-Type": "application/json" } });
    await expect(json).rejects.toMatchObject({ init: { status: 415 } });
  });

  it("refuses a filled honeypot with 400 and a Spanish message, storing nothing", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const before = await counts();
    const result = await post({ ...valid, web: "https://spam.example" });
    expect(result).toEqual({ status: 400, location: null, body: { ok: false, error: SPAM_MESSAGE } });
    expect(await counts()).toEqual(before);
    expect(warn).toHaveBeenCalledOnce();
  });

  it("answers 429 to the 6th post in ten minutes from one address; other addresses go on", async () => {
    for (let i = 0; i < 5; i++) expect((await post(valid)).status).toBe(303);
    const before = await counts();
    const sixth = await post(valid);
    expect(sixth).toMatchObject({ status: 429, location: null, body: { ok: false, error: RATE_LIMIT_MESSAGE } });
    // What was typed comes back, so the page without JavaScript keeps it.
    expect(sixth.body?.ok === false && sixth.body.values?.nameAndSurname).toBe(valid.nameAndSurname);
    expect(RATE_LIMIT_MESSAGE).toBe("Ha enviado demasiadas solicitudes. Inténtelo de nuevo en unos minutos.");
    expect(await counts()).toEqual(before);
    expect((await post(valid, { from: "203.0.113.99" })).status).toBe(303);
  });

  it("counts in windows of ten minutes, shared through the database", async () => {
    const { db } = await ready;
    const rule = { prefix: "prueba", max: 2, windowMs: 600_000 };
    const t0 = 1_800_000_000_000;
    expect(await hitRateLimit(db, rule, "a", t0)).toBe(true);
    expect(await hitRateLimit(db, rule, "a", t0 + 1000)).toBe(true);
    expect(await hitRateLimit(db, rule, "a", t0 + 2000)).toBe(false);
    expect(await hitRateLimit(db, rule, "a", t0 + 600_000)).toBe(true);
    // Two posts at the same moment both count (one atomic upsert each).
    const burst = await Promise.all([1, 2, 3].map(() => hitRateLimit(db, rule, "b", t0)));
    expect(burst.filter(Boolean)).toHaveLength(2);
  });

  it("keeps its counters in request_limits, one row per rule and client", async () => {
    const { db } = await ready;
    const rule = { prefix: "aparte", max: 5, windowMs: 600_000 };
    await hitRateLimit(db, rule, "c");
    const [ours] = await db.select().from(requestLimits).where(eq(requestLimits.key, "aparte:c"));
    expect(ours?.count).toBe(1);
  });

  it("commits the request and its deliveries together or not at all", async () => {
    const { db } = await ready;
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    await db.execute(sql`alter table outbox add constraint prueba_sin_correo check (kind <> 'email') not valid`);
    try {
      const before = await counts();
      const result = await post(valid);
      expect(result.status).toBe(503);
      expect(result.body).toMatchObject({ ok: false, error: expect.stringMatching(/^No hemos podido guardar su solicitud\. .*llámenos al /) });
      expect(await counts()).toEqual(before);
      expect(error).toHaveBeenCalledOnce();
    } finally {
      await db.execute(sql`alter table outbox drop constraint prueba_sin_correo`);
    }
  });
});

describe("the contact action with JavaScript", () => {
  it("answers the enhanced form with data: it shows the confirmation and moves on itself", async () => {
    const { db } = await ready;
    const result = await post({ ...valid, js: "1", sourcePage: "/" });
    expect(result).toEqual({ status: 200, location: null, body: { ok: true, redirectTo: "/promo-Saunier/gracias" } });
    const [row] = await db.select().from(contactRequests).orderBy(desc(contactRequests.id)).limit(1);
    expect(row!.sourcePage).toBe("/");
  });

  it("never sends the visitor to another site", async () => {
    const result = await post({ ...valid, sourcePage: "//evil.example/x" });
    expect(result.location).toBe("/promo-Saunier/gracias?desde=%2Fcontacto");
  });
});
