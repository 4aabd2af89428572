import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { action as newQuoteAction, loader as newQuoteLoader } from "~/routes/quotes/admin-quote-new";
import { action as newRequestAction, loader as newRequestLoader } from "~/routes/quotes/admin-request-new";
import { action as newVisitAction, loader as newVisitLoader } from "~/routes/visits/admin-visit-new";
import { loader as visitsLoader } from "~/routes/visits/admin-visits";
import { CONTACT_REQUIRED_MESSAGE } from "~/domain/quotes/contact-form";
import { customerFor } from "~/server/customers/customer-records.server";
import { auditLog, outbox } from "~/server/db/shared-schema.server";
import { contactRequests, quotes } from "~/server/quotes/quotes-schema.server";
import { visits } from "~/server/visits/visits-schema.server";
import { setupTestDatabase } from "../db-utils";
import { adminCookie, adminRequest, settle } from "../support/admin-utils";

/*
 * What the owner starts for a customer who phones (issue 30): «Solicitud nueva», «Visita nueva»
 * and «Presupuesto nuevo», from nothing or from a customer record (?cliente=), through the
 * routes' loaders and actions. Each keeps the new document on the record, refuses bad input
 * with a Spanish 400 and everything typed, and never offers a member of staff as a customer.
 */
const ready = setupTestDatabase();
const args = (request: Request) => ({ request, params: {}, context: {} }) as never;
let cookie = "";
let lucia = 0;

beforeAll(async () => {
  const { db } = await ready;
  cookie = await adminCookie(db, "duena@termoclima.test");
  lucia = (await customerFor(db, {
    name: "Lucía Benítez Sanz",
    email: "lucia.benitez@example.com",
    phone: "611 223 344",
    address: "Calle del Pez 4",
    postcode: "28004",
    town: "Madrid",
    province: "Madrid",
  }))!;
});

describe("«Solicitud nueva»", () => {
  it("starts from the record, joins the inbox on it with its task card, and sends no e-mail or alert to the shop", async () => {
    const { db } = await ready;
    const page = await settle(() => newRequestLoader(args(adminRequest(`/admin/solicitudes/nueva?cliente=${lucia}`, cookie))));
    expect(page.data).toMatchObject({ values: { nameAndSurname: "Lucía Benítez Sanz", phone: "611 223 344", adress: "Calle del Pez 4, 28004", state: "Madrid" } });
    const form = { cliente: String(lucia), nameAndSurname: "Lucía Benítez Sanz", phone: "611 223 344", email: "", adress: "Calle del Pez 4, 28004", state: "Madrid", message: "La caldera hace ruido al arrancar" };
    const saved = await settle(() => newRequestAction(args(adminRequest("/admin/solicitudes/nueva", cookie, form))));
    expect(saved.status).toBe(303);
    const id = Number(saved.location!.split("/").pop());
    const [row] = await db.select().from(contactRequests).where(eq(contactRequests.id, id));
    expect(row).toMatchObject({ customerId: lucia, message: "La caldera hace ruido al arrancar", sourcePage: "/admin/solicitudes/nueva" });
    const kinds = (await db.select({ kind: outbox.kind }).from(outbox).where(eq(outbox.ref, `contact:${id}`))).map((r) => r.kind);
    expect(kinds).toEqual(["trello_card"]);
    const [entry] = await db.select().from(auditLog).where(and(eq(auditLog.entity, "solicitud"), eq(auditLog.entityId, String(id))));
    expect(entry).toMatchObject({ action: "anotar solicitud", actor: "duena@termoclima.test" });
  });

  it("refuses a request without a way to call back, in the contact form's words, keeping what was typed", async () => {
    const form = { nameAndSurname: "Ramón Gil", phone: "", email: "", adress: "Calle Mayor 1", state: "Getafe", message: "Presupuesto de aire" };
    const refused = await settle(() => newRequestAction(args(adminRequest("/admin/solicitudes/nueva", cookie, form))));
    expect(refused.status).toBe(400);
    expect(refused.data).toMatchObject({ error: CONTACT_REQUIRED_MESSAGE, values: { nameAndSurname: "Ramón Gil", message: "Presupuesto de aire" } });
    expect((refused.data as { invalid: string[] }).invalid).toEqual(expect.arrayContaining(["phone", "email"]));
  });

  it("answers 404 for a record that does not exist or belongs to staff", async () => {
    const { db } = await ready;
    const staff = await customerFor(db, { name: "La dueña", email: "duena@termoclima.test" });
    for (const id of [999_999, staff!]) {
      const page = await settle(() => newRequestLoader(args(adminRequest(`/admin/solicitudes/nueva?cliente=${id}`, cookie))));
      expect(page.status).toBe(404);
    }
  });
});

describe("«Visita nueva»", () => {
  it("books a free slot on the record, e-mails the customer her confirmation, and the slot is no longer offered", async () => {
    const { db } = await ready;
    const page = await settle(() => newVisitLoader(args(adminRequest(`/admin/visitas/nueva?cliente=${lucia}`, cookie))));
    const { days, values } = page.data as { days: { slots: { start: string }[] }[]; values: Record<string, string> };
    expect(values).toMatchObject({ name: "Lucía Benítez Sanz", email: "lucia.benitez@example.com", address: "Calle del Pez 4, 28004" });
    const slot = days[0]!.slots[0]!.start;
    const form = { cliente: String(lucia), slot, ...values, notes: "Llamar al llegar" };
    const booked = await settle(() => newVisitAction(args(adminRequest("/admin/visitas/nueva", cookie, form))));
    expect(booked.status).toBe(303);
    const id = Number(new URL(booked.location!, "https://x.test").searchParams.get("reservada"));
    const [visit] = await db.select().from(visits).where(eq(visits.id, id));
    expect(visit).toMatchObject({ customerId: lucia, state: "reservada", contactRequestId: null, notes: "Llamar al llegar" });
    expect(visit!.startsAt.toISOString()).toBe(new Date(slot).toISOString());
    const mails = await db.select({ payload: outbox.payload }).from(outbox).where(and(eq(outbox.kind, "email"), eq(outbox.ref, `visit:${id}`)));
    expect(mails.map((m) => (m.payload as { to: string }).to)).toContain("lucia.benitez@example.com");
    const list = await settle(() => visitsLoader(args(adminRequest(booked.location!, cookie))));
    expect(list.data).toMatchObject({ booked: true, technicianProblem: "" });
    // The same slot again: taken, a 409 with the next free ones and the customer's details kept.
    const again = await settle(() => newVisitAction(args(adminRequest("/admin/visitas/nueva", cookie, form))));
    expect(again.status).toBe(409);
    expect(again.data).toMatchObject({ error: "Esa hora acaba de reservarse.", values: { name: "Lucía Benítez Sanz" } });
    expect((again.data as { next: unknown[] }).next.length).toBeGreaterThan(0);
  });

  it("refuses a visit without a slot or an address, field by field, in Spanish", async () => {
    const form = { name: "Ramón Gil", phone: "622 000 111", email: "ramon@example.com", address: "", town: "Getafe", notes: "" };
    const refused = await settle(() => newVisitAction(args(adminRequest("/admin/visitas/nueva", cookie, form))));
    expect(refused.status).toBe(400);
    expect(refused.data).toMatchObject({ errors: { slot: "Elija un día y una hora de la lista.", address: "Escriba la dirección de la visita." }, values: { name: "Ramón Gil" } });
  });
});

describe("«Presupuesto nuevo» from a customer record", () => {
  it("starts with the record's customer and place, and stays on the record", async () => {
    const { db } = await ready;
    const page = await settle(() => newQuoteLoader(args(adminRequest(`/admin/presupuestos/nuevo?cliente=${lucia}`, cookie))));
    expect(page.data).toMatchObject({ request: null, customer: { id: lucia, name: "Lucía Benítez Sanz", postcode: "28004" } });
    const created = await settle(() => newQuoteAction(args(adminRequest("/admin/presupuestos/nuevo", cookie, { cliente: String(lucia), plantilla: "" }))));
    expect(created.status).toBe(303);
    const number = decodeURIComponent(created.location!.split("/").pop()!);
    const [quote] = await db.select().from(quotes).where(eq(quotes.number, number));
    expect(quote).toMatchObject({
      customerId: lucia,
      customer: { name: "Lucía Benítez Sanz", email: "lucia.benitez@example.com", phone: "611 223 344", postcode: "28004", town: "Madrid" },
      workPlace: { address: "Calle del Pez 4", postcode: "28004", town: "Madrid", province: "Madrid" },
    });
    const missing = await settle(() => newQuoteLoader(args(adminRequest("/admin/presupuestos/nuevo?cliente=999999", cookie))));
    expect(missing.status).toBe(404);
  });
});
