import { eq, sql } from "drizzle-orm";
import { mkdtempSync } from "node:fs";
import { createServer } from "node:net";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeEach, describe, expect, it, vi } from "vitest";
import { contactFormSchema } from "~/domain/quotes/contact-form-schema";
import { action } from "~/routes/quotes/contact";
import { resetConfigForTests } from "~/server/config.server";
import { storeContactRequest } from "~/server/quotes/contact.server";
import { contactRequests, outbox } from "~/server/db/schema.server";
import { resetMailTransport } from "~/server/mail.server";
import { registerOutboxHandlers } from "~/server/outbox-handlers.server";
import { processDueEntries, registerOutboxHandler } from "~/server/outbox.server";
import { describeTaskBoard, trelloCardHandler } from "~/server/quotes/trello.server";
import { setupTestDatabase } from "../db-utils";
import { startSmtpCapture } from "../support/smtp-capture";
import { startTrelloStandIn } from "../support/trello-standin";

/*
 * Delivery of contact requests to a real local HTTP server standing in for Trello's API and a
 * real local SMTP server: exactly one card and one e-mail, whatever the stand-in does first.
 */
const ready = setupTestDatabase();
const trello = await startTrelloStandIn();
const smtp = await startSmtpCapture();

const TRELLO_ENV = {
  TRELLO_API_URL: trello.url,
  TRELLO_KEY: "clave-de-prueba",
  TRELLO_TOKEN: "token-de-prueba",
  TRELLO_LIST_ID: "lista-nuevos",
};
Object.assign(process.env, TRELLO_ENV, {
  DATA_DIR: mkdtempSync(path.join(tmpdir(), "contacto-")),
  SMTP_URL: smtp.url,
  SHOP_EMAIL: "info@tienda.example",
  PUBLIC_BASE_URL: "https://tienda.example",
  CONTACT_RATE_LIMIT: "1000",
});
resetConfigForTests();
resetMailTransport();
vi.spyOn(console, "log").mockImplementation(() => {});
registerOutboxHandlers();

/** A short timeout for the tests where Trello hangs: a fraction of a second, not 10 s. */
async function withShortTimeout(work: () => Promise<void>) {
  registerOutboxHandler("trello_card", trelloCardHandler({ timeoutMs: 500 }));
  try {
    await work();
  } finally {
    registerOutboxHandler("trello_card", trelloCardHandler());
  }
}

afterAll(async () => {
  for (const name of [...Object.keys(TRELLO_ENV), "SMTP_URL", "SHOP_EMAIL", "PUBLIC_BASE_URL", "CONTACT_RATE_LIMIT"]) delete process.env[name];
  resetConfigForTests();
  resetMailTransport();
  await trello.close();
  await smtp.close();
});

let warn: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  trello.reset();
  smtp.messages.length = 0;
  // Each retry is logged as a warning; the tests count calls instead.
  warn = vi.spyOn(console, "warn").mockImplementation(() => {});
  warn.mockClear();
});

const lucia = {
  nameAndSurname: "Lucía García Pérez",
  phone: "600 123 456",
  email: "lucia@example.com",
  adress: "Calle de Alcalá 120, 3º B",
  state: "Madrid",
  message: "Quisiera cambiar la caldera.",
};

/** A stored request, as the action leaves it; returns its outbox entries. */
async function newRequest(values = lucia, productId: number | null = null) {
  const { db } = await ready;
  const requestId = await storeContactRequest(db, contactFormSchema.parse(values), { productId, sourcePage: "/contacto" });
  const entries = await db.select().from(outbox).where(sql`(payload->>'requestId')::int = ${requestId} or payload->>'text' like ${`%(nº ${requestId})%`}`);
  return {
    requestId,
    card: entries.find((entry) => entry.kind === "trello_card")!.id,
    email: entries.find((entry) => entry.kind === "email")!.id,
  };
}

async function entry(id: number) {
  const { db } = await ready;
  const [row] = await db.select().from(outbox).where(eq(outbox.id, id));
  return row!;
}

/** Runs the worker's rounds, each time making waiting retries due, until nothing is pending. */
async function deliverEverything(maxRounds = 12) {
  const { db } = await ready;
  for (let round = 0; round < maxRounds; round++) {
    await db.update(outbox).set({ nextAttemptAt: new Date(Date.now() - 1000) }).where(eq(outbox.status, "pending"));
    await processDueEntries();
    const [left] = await db.select({ n: sql<number>`count(*)::int` }).from(outbox).where(eq(outbox.status, "pending"));
    if (left!.n === 0) return round + 1;
  }
  throw new Error("entries still pending");
}

const cardQuery = { idList: "lista-nuevos", key: "clave-de-prueba", token: "token-de-prueba" };

describe("a valid request", () => {
  it("becomes exactly one card (exact path, query and body) and one e-mail to the shop", async () => {
    const { db } = await ready;
    const request = new Request("http://localhost/contacto", {
      method: "POST",
      body: new URLSearchParams({ ...lucia, productId: "1", sourcePage: "/tienda/detalle/calderas/1" }),
      headers: { "x-forwarded-for": "192.0.2.1" },
    });
    const response = (await action({ request, params: {}, context: {} } as never)) as Response;
    expect(response.status).toBe(303);
    const [stored] = await db.select().from(contactRequests).orderBy(sql`${contactRequests.id} desc`).limit(1);
    const [cardEntry] = await db
      .select()
      .from(outbox)
      .where(sql`${outbox.kind} = 'trello_card' and (payload->>'requestId')::int = ${stored!.id}`);

    await deliverEverything();

    expect(trello.calls).toHaveLength(1);
    const [call] = trello.calls;
    expect(call).toMatchObject({ method: "POST", path: "/1/cards", query: cardQuery });
    const body = call!.body as { name: string; desc: string; idList: string };
    expect(Object.keys(body).sort()).toEqual(["desc", "idList", "name"]);
    expect(body.name).toBe("Lucía García Pérez-600 123 456");
    expect(body.idList).toBe("lista-nuevos");
    expect(body.desc).toContain("**Nombre:** Lucía García Pérez\n");
    expect(body.desc).toContain("**Email:** lucia@example\\.com\n");
    expect(body.desc).toContain("**Teléfono:** 600 123 456\n");
    expect(body.desc).toContain("**WhatsApp:** https://wa.me/34600123456\n");
    expect(body.desc).toContain("**Dirección:** Calle de Alcalá 120, 3º B, Madrid\n");
    expect(body.desc).toMatch(/\*\*Producto:\*\* Hermann .+ https:\/\/tienda\.example\/tienda\/detalle\/calderas\/1\n/);
    expect(body.desc).toContain("**Mensaje:**\nQuisiera cambiar la caldera\\.\n");
    expect(body.desc.split("\n").at(-1)).toBe(`Ref. envío: #${cardEntry!.id}`);
    expect(trello.cards).toHaveLength(1);

    expect(smtp.messages).toHaveLength(1);
    const mail = smtp.messages[0]!;
    expect(mail.subject).toBe("Nueva solicitud de presupuesto: Lucía García Pérez");
    expect(mail.to).toMatchObject({ text: "info@tienda.example" });
    expect(mail.replyTo).toMatchObject({ text: "lucia@example.com" });
    expect(mail.text).toContain("Nombre y apellidos: Lucía García Pérez");
    expect(mail.text).toContain("WhatsApp: https://wa.me/34600123456");
    expect(mail.text).toContain("Quisiera cambiar la caldera.");

    expect(await entry(cardEntry!.id)).toMatchObject({ status: "done", attempts: 1, lastError: null });
  });

  it("reaches Trello with the visitor's markdown escaped", async () => {
    await newRequest({ ...lucia, message: "[Gane un premio](https://evil.example)" });
    await deliverEverything();
    const body = trello.calls[0]!.body as { desc: string };
    expect(body.desc).toContain("\\[Gane un premio\\]\\(https://evil\\.example\\)");
    expect(body.desc).not.toContain("[Gane un premio](");
  });
});

describe("retries", () => {
  it("500s, then success: one card, checking for it before each new POST", async () => {
    trello.script("post", { status: 500 }, { status: 502 }, { status: 503 });
    const { card } = await newRequest();
    expect(await deliverEverything()).toBe(4);
    expect(trello.cards).toHaveLength(1);
    expect(trello.posts()).toHaveLength(4);
    expect(trello.calls.map((call) => `${call.method} ${call.path}`)).toEqual([
      "POST /1/cards",
      "GET /1/lists/lista-nuevos/cards",
      "POST /1/cards",
      "GET /1/lists/lista-nuevos/cards",
      "POST /1/cards",
      "GET /1/lists/lista-nuevos/cards",
      "POST /1/cards",
    ]);
    expect(trello.calls[1]!.query).toEqual({ fields: "desc", key: "clave-de-prueba", token: "token-de-prueba" });
    expect(await entry(card)).toMatchObject({ status: "done", attempts: 4, lastError: null });
    expect(warn).toHaveBeenCalledTimes(3);
  });

  it("429s (Trello's rate limit), then success: one card", async () => {
    trello.script("post", { status: 429, body: "API_TOKEN_LIMIT_EXCEEDED" }, { status: 429, body: "API_TOKEN_LIMIT_EXCEEDED" });
    const { card } = await newRequest();
    await deliverEverything();
    expect(trello.cards).toHaveLength(1);
    expect(trello.posts()).toHaveLength(3);
    expect(await entry(card)).toMatchObject({ status: "done", attempts: 3 });
  });

  it("a timeout, Trello having made the card after all: found on retry, not posted again", async () => {
    trello.script("post", { hang: true, create: true });
    const { card } = await newRequest();
    await withShortTimeout(() => processDueEntries().then(() => {}));
    const waiting = await entry(card);
    expect(waiting).toMatchObject({ status: "pending", attempts: 1 });
    expect(waiting.lastError).toBe("Trello crear tarjeta: sin respuesta en 0.5 s");
    await deliverEverything();
    expect(trello.cards).toHaveLength(1);
    expect(trello.posts()).toHaveLength(1);
    expect(trello.calls.map((call) => call.method)).toEqual(["POST", "GET"]);
    expect(await entry(card)).toMatchObject({ status: "done", attempts: 2 });
  });

  it("a timeout with no card made: posted again, one card", async () => {
    trello.script("post", { hang: true });
    await newRequest();
    await withShortTimeout(() => deliverEverything().then(() => {}));
    expect(trello.cards).toHaveLength(1);
    expect(trello.posts()).toHaveLength(2);
  });

  it("after a refusal (429) the retry posts straight away: no card can exist, no look-up", async () => {
    trello.script("post", { status: 429 });
    const { card } = await newRequest();
    await deliverEverything();
    expect(trello.calls.map((call) => call.method)).toEqual(["POST", "POST"]);
    expect(trello.cards).toHaveLength(1);
    expect(await entry(card)).toMatchObject({ status: "done", attempts: 2 });
  });

  it("a failing look-up waits for the next round without posting", async () => {
    trello.script("post", { status: 500 });
    trello.script("list", { status: 503 });
    const { card } = await newRequest();
    await deliverEverything();
    expect(trello.calls.map((call) => call.method)).toEqual(["POST", "GET", "GET", "POST"]);
    expect(trello.cards).toHaveLength(1);
    expect(await entry(card)).toMatchObject({ status: "done", attempts: 3 });
  });

  it("a 401 fails at once with the reason, without a retry storm, and never shows the credentials", async () => {
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    trello.setFallback("post", { status: 401, body: "invalid token token-de-prueba" });
    const { card, email } = await newRequest();
    await deliverEverything();
    await deliverEverything();
    expect(trello.calls).toHaveLength(1);
    expect(trello.cards).toHaveLength(0);
    const failed = await entry(card);
    expect(failed).toMatchObject({ status: "failed", attempts: 1 });
    expect(failed.lastError).toBe("Trello crear tarjeta: HTTP 401 invalid token ***");
    expect(error).toHaveBeenCalledOnce();
    expect(String(error.mock.calls[0])).not.toMatch(/clave-de-prueba|token-de-prueba/);
    // The e-mail is a delivery of its own: the shop still hears of the request.
    expect((await entry(email)).status).toBe("done");
    expect(smtp.messages).toHaveLength(1);
  });

  it("a 400 (bad list id) is final too", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    trello.setFallback("post", { status: 400, body: "invalid value for idList" });
    const { card } = await newRequest();
    await deliverEverything();
    expect(trello.calls).toHaveLength(1);
    expect(await entry(card)).toMatchObject({ status: "failed", lastError: "Trello crear tarjeta: HTTP 400 invalid value for idList" });
  });

  it("Trello out of reach (connection refused) is retried", async () => {
    const { db } = await ready;
    // A port that was just free: nothing listens there.
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise((resolve) => closed.close(resolve));
    process.env.TRELLO_API_URL = `http://127.0.0.1:${port}`;
    resetConfigForTests();
    try {
      const { card } = await newRequest();
      await processDueEntries();
      const waiting = await entry(card);
      expect(waiting).toMatchObject({ status: "pending", attempts: 1, lastError: "Trello crear tarjeta: ECONNREFUSED" });
    } finally {
      process.env.TRELLO_API_URL = trello.url;
      resetConfigForTests();
    }
    await deliverEverything();
    expect(trello.cards).toHaveLength(1);
    const pending = await db.select().from(outbox).where(eq(outbox.status, "pending"));
    expect(pending).toHaveLength(0);
  });
});

describe("a crash between the POST and the bookkeeping", () => {
  it("the retry finds the card by its marker and does not post again", async () => {
    const { db } = await ready;
    const { card } = await newRequest();
    await deliverEverything();
    expect(trello.cards).toHaveLength(1);
    // As if the process had died after Trello's 200 and before recording it (sent_at) or marking the entry done.
    await db
      .update(outbox)
      .set({ status: "pending", attempts: 1, sentAt: null, lockedUntil: null, nextAttemptAt: new Date(Date.now() - 1000) })
      .where(eq(outbox.id, card));
    await processDueEntries();
    expect(trello.cards).toHaveLength(1);
    expect(trello.calls.map((call) => call.method)).toEqual(["POST", "GET"]);
    expect(await entry(card)).toMatchObject({ status: "done", attempts: 2 });
  });

  it("an entry whose claim expired (died while posting) is taken up again, still one card", async () => {
    const { db } = await ready;
    const { card } = await newRequest();
    await deliverEverything();
    await db
      .update(outbox)
      .set({ status: "pending", attempts: 1, sentAt: null, lockedUntil: new Date(Date.now() - 1000) })
      .where(eq(outbox.id, card));
    await deliverEverything();
    expect(trello.cards).toHaveLength(1);
    expect(trello.posts()).toHaveLength(1);
  });

  it("other cards in the list, even with similar numbers, do not count", async () => {
    const { db } = await ready;
    const first = await newRequest();
    const second = await newRequest();
    await deliverEverything();
    expect(trello.cards).toHaveLength(2);
    // The second card is lost on Trello's side (deleted by hand), the first is still there.
    trello.cards.splice(1, 1);
    await db
      .update(outbox)
      .set({ status: "pending", attempts: 1, sentAt: null, nextAttemptAt: new Date(Date.now() - 1000) })
      .where(eq(outbox.id, second.card));
    await processDueEntries();
    expect(trello.cards.map((c) => c.desc.split("\n").at(-1))).toEqual([`Ref. envío: #${first.card}`, `Ref. envío: #${second.card}`]);
  });
});

describe("without Trello configured", () => {
  it("skips the card, keeps the request and still e-mails the shop; start-up says the board is off", async () => {
    const { db } = await ready;
    for (const name of Object.keys(TRELLO_ENV)) delete process.env[name];
    resetConfigForTests();
    try {
      expect(describeTaskBoard()).toMatch(/^\[trello\] tablero de tareas desactivado/);
      const log = vi.spyOn(console, "log").mockImplementation(() => {});
      registerOutboxHandlers();
      expect(log.mock.calls.flat().join("\n")).toContain("tablero de tareas desactivado");

      const { requestId, card, email } = await newRequest();
      await deliverEverything();
      expect(await entry(card)).toMatchObject({ status: "skipped", attempts: 1 });
      expect(await entry(email)).toMatchObject({ status: "done" });
      expect(trello.calls).toHaveLength(0);
      expect(smtp.messages).toHaveLength(1);
      const [stored] = await db.select().from(contactRequests).where(eq(contactRequests.id, requestId));
      expect(stored?.nameAndSurname).toBe("Lucía García Pérez");
    } finally {
      Object.assign(process.env, TRELLO_ENV);
      resetConfigForTests();
    }
    expect(describeTaskBoard()).toMatch(/^\[trello\] tablero de tareas activo/);
  });
});
