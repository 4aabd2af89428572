import { eq, inArray } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { action as recordAction, loader as recordLoader } from "~/routes/customers/admin-customer";
import { action as newRecordAction } from "~/routes/customers/admin-customer-new";
import { loader as recordsLoader } from "~/routes/customers/admin-customers";
import { customerFor } from "~/server/customers/customer-records.server";
import { customers } from "~/server/customers/customers-schema.server";
import { auditLog } from "~/server/db/shared-schema.server";
import { storeContactRequest } from "~/server/quotes/contact.server";
import { createQuote, prefillFromRequest, saveDraft } from "~/server/quotes/quote-store.server";
import { contactRequests, type quotes } from "~/server/quotes/quotes-schema.server";
import { setupTestDatabase } from "../db-utils";
import { adminCookie, adminRequest, settle, technicianSession } from "../support/admin-utils";

/*
 * One customer record (issue 30): found or made from what a request, a visit, a quote or an
 * order says (same e-mail, else NIF, else phone), its page, its edits and merges, through the
 * real store functions and the routes' loaders and actions. Staff are never listed.
 */
const ready = setupTestDatabase();
const args = (request: Request, params: Record<string, string> = {}) => ({ request, params, context: {} }) as never;
let cookie = "";
const actor = { email: "duena@termoclima.test" };

beforeAll(async () => {
  const { db } = await ready;
  cookie = await adminCookie(db, actor.email);
});

const contact = (over: Partial<{ nameAndSurname: string; phone: string; email: string; adress: string; state: string; message: string }>) =>
  ({ nameAndSurname: "Lucía Benítez Sanz", phone: "611 223 344", email: "", adress: "Calle del Pez 4", state: "Madrid", message: "Cambio de caldera", ...over }) as never;

const recordOf = async (table: typeof contactRequests | typeof quotes, id: number) => {
  const { db } = await ready;
  const [row] = await db.select({ customerId: table.customerId }).from(table).where(eq(table.id, id));
  return row!.customerId;
};

describe("finding or making the record", () => {
  it("the same e-mail in any case, the same NIF, or the same phone however typed name one record; a name alone never does", async () => {
    const { db } = await ready;
    const first = await customerFor(db, { name: "Jorge Pardo", email: "Jorge.Pardo@Example.com" });
    expect(await customerFor(db, { name: "J. Pardo", email: "jorge.pardo@example.com ", phone: "+34 622 10 20 30" })).toBe(first);
    expect(await customerFor(db, { name: "Otro nombre", phone: "622102030" })).toBe(first);
    expect(await customerFor(db, { name: "Jorge Pardo" })).toBeNull();
    expect(await customerFor(db, { name: "Jorge Pardo", email: "otro.jorge@example.com" })).not.toBe(first);
    const [record] = await db.select().from(customers).where(eq(customers.id, first!));
    // What the record had is kept; what it lacked is learned.
    expect(record).toMatchObject({ name: "Jorge Pardo", email: "jorge.pardo@example.com", phone: "+34 622 10 20 30", phoneKey: "622102030" });
    const company = await customerFor(db, { name: "", company: "Climas Sur S.L.", nif: "b-12345674" });
    expect(await customerFor(db, { name: "Ana", nif: "B12345674", email: "compras@climassur.example" })).toBe(company);
    // A mistyped NIF identifies nobody.
    expect(await customerFor(db, { name: "Nadie", nif: "12345678A" })).toBeNull();
  });

  it("a request, then a quote written from it, then the owner's edits keep one record; another person's e-mail moves the quote", async () => {
    const { db } = await ready;
    const requestId = await storeContactRequest(db, contact({ email: "lucia.benitez@example.com" }), { productId: null, sourcePage: "/contacto" });
    const again = await storeContactRequest(db, contact({ email: "", phone: "+34611223344", message: "¿Y el aire?" }), { productId: null, sourcePage: "/contacto" });
    const record = await recordOf(contactRequests, requestId);
    expect(record).not.toBeNull();
    expect(await recordOf(contactRequests, again)).toBe(record);
    const quote = await createQuote(db, actor, (await prefillFromRequest(db, requestId))!);
    expect(quote.customerId).toBe(record);
    const party = { ...quote.customer, address: "Calle del Pez 6" };
    const saved = await saveDraft(db, actor, quote.id, { customer: party, workPlace: quote.workPlace, draft: quote.draft });
    expect(saved!.customerId).toBe(record);
    const moved = await saveDraft(db, actor, quote.id, { customer: { ...party, name: "Tomás Vidal", email: "tomas.vidal@example.com", phone: "" }, workPlace: quote.workPlace, draft: quote.draft });
    expect(moved!.customerId).not.toBe(record);
  });
});

describe("the record's pages", () => {
  it("the list shows customers, never staff nor merged records; a record of staff answers 404", async () => {
    const { db } = await ready;
    await technicianSession(db, "tecnica.fichas@termoclima.test", "Rocío Técnica");
    const [staff] = await db.insert(customers).values({ name: "Rocío Técnica", email: "tecnica.fichas@termoclima.test" }).returning();
    const list = (await recordsLoader(args(adminRequest("/admin/clientes?q=rocio", cookie)))) as { rows: unknown[]; total: number };
    expect(list.total).toBe(0);
    expect((await settle(() => recordLoader(args(adminRequest(`/admin/clientes/${staff!.id}`, cookie), { id: String(staff!.id) })))).status).toBe(404);
    expect((await settle(() => recordsLoader(args(new Request("http://localhost/admin/clientes")))))).toMatchObject({ status: 404 });
    const short = (await recordsLoader(args(adminRequest("/admin/clientes?q=a", cookie)))) as { error: string | null };
    expect(short.error).toBe("Escriba al menos tres letras o cifras seguidas.");
  });

  it("bad details answer 400 with Spanish messages and keep what was typed; good ones are saved and audited", async () => {
    const { db } = await ready;
    const id = (await customerFor(db, { name: "Elena Ruiz", email: "elena.ruiz@example.com" }))!;
    const path = `/admin/clientes/${id}`;
    const bad = await settle(() =>
      recordAction(args(adminRequest(path, cookie, { intent: "datos", name: "", company: "", email: "no-es-email", phone: "123", nif: "X", notes: "" }), { id: String(id) })),
    );
    expect(bad.status).toBe(400);
    expect(bad.data).toMatchObject({
      ok: false,
      errors: { name: "Escriba el nombre de la persona o de la empresa.", email: "Escriba un e-mail válido, o déjelo vacío.", phone: "Escriba un teléfono válido, de 9 cifras (con o sin +34).", nif: "Escriba un NIF, NIE o CIF válido, o déjelo vacío." },
      values: { email: "no-es-email", phone: "123" },
    });
    const good = await settle(() =>
      recordAction(args(adminRequest(path, cookie, { intent: "datos", name: "Elena Ruiz Gómez", email: "elena.ruiz@example.com", phone: "600 11 22 33", notes: "Prefiere que la llamen por la tarde." }), { id: String(id) })),
    );
    expect(good).toMatchObject({ status: 200, data: { ok: true, message: "Ficha guardada." } });
    const [row] = await db.select().from(customers).where(eq(customers.id, id));
    expect(row).toMatchObject({ name: "Elena Ruiz Gómez", phoneKey: "600112233", notes: "Prefiere que la llamen por la tarde." });
    const [entry] = await db.select().from(auditLog).where(eq(auditLog.entityId, String(id)));
    expect(entry).toMatchObject({ action: "editar ficha de cliente", entity: "ficha" });
  });

  it("merging moves every document to the record kept, fills its blanks, keeps both notes, and is audited; the other can no longer be merged or listed", async () => {
    const { db } = await ready;
    const keepRequest = await storeContactRequest(db, contact({ nameAndSurname: "Pablo Serrano", email: "pablo@example.com", phone: "" }), { productId: null, sourcePage: "/contacto" });
    const otherRequest = await storeContactRequest(db, contact({ nameAndSurname: "Pablo Serrano", email: "", phone: "699 88 77 66" }), { productId: null, sourcePage: "/contacto" });
    const keep = (await recordOf(contactRequests, keepRequest))!;
    const other = (await recordOf(contactRequests, otherRequest))!;
    expect(keep).not.toBe(other);
    await db.update(customers).set({ notes: "Cliente de la otra ficha" }).where(eq(customers.id, other));
    const page = (await recordLoader(args(adminRequest(`/admin/clientes/${keep}`, cookie), { id: String(keep) }))) as { candidates: { id: number }[] };
    expect(page.candidates.map((c) => c.id)).toContain(other);

    const post = (form: Record<string, string>) => settle(() => recordAction(args(adminRequest(`/admin/clientes/${keep}`, cookie, { intent: "unir", ...form }), { id: String(keep) })));
    expect(await post({ other: String(other) })).toMatchObject({ status: 400, data: { error: "Marque la casilla para confirmar que son el mismo cliente." } });
    expect(await post({ other: String(keep), confirm: "si" })).toMatchObject({ status: 409, data: { error: "Es la misma ficha: escriba el número de la otra." } });
    expect(await post({ other: `nº ${other}`, confirm: "si" })).toMatchObject({ status: 200, data: { ok: true, message: `Fichas unidas: la nº ${other} forma parte de esta ficha (1 documento movido).` } });
    expect(await recordOf(contactRequests, otherRequest)).toBe(keep);
    const [kept] = await db.select().from(customers).where(eq(customers.id, keep));
    expect(kept).toMatchObject({ email: "pablo@example.com", phone: "699 88 77 66", notes: `De la ficha nº ${other}: Cliente de la otra ficha` });
    expect(await post({ other: String(other), confirm: "si" })).toMatchObject({ status: 409 });
    expect((await settle(() => recordLoader(args(adminRequest(`/admin/clientes/${other}`, cookie), { id: String(other) })))).status).toBe(404);
    // A request from the merged-away phone now reaches the kept record (the other is no longer matched).
    const later = await storeContactRequest(db, contact({ nameAndSurname: "Pablo", email: "", phone: "699887766" }), { productId: null, sourcePage: "/contacto" });
    expect(await recordOf(contactRequests, later)).toBe(keep);
    const entries = await db.select().from(auditLog).where(inArray(auditLog.action, ["unir fichas de cliente"]));
    expect(entries.at(-1)).toMatchObject({ entity: "ficha", entityId: String(keep), after: { solicitudes: 1, visitas: 0, presupuestos: 0, pedidos: 0 } });
  });

  it("«Cliente nuevo»: a record by hand, refused with a link when one already names the same phone, 400 with what was typed on bad input", async () => {
    const post = (form: Record<string, string>) => settle(() => newRecordAction(args(adminRequest("/admin/clientes/nuevo", cookie, form))));
    const made = await post({ name: "Íñigo Merino", phone: "612 34 56 78", town: "Leganés", notes: "Llamó por una avería" });
    expect(made.status).toBe(303);
    const id = Number(made.location!.split("/").pop());
    expect(await post({ name: "Íñigo M.", phone: "+34612345678" })).toMatchObject({ status: 409, data: { existing: id } });
    expect(await post({ name: "Sin datos" })).toMatchObject({
      status: 400,
      data: { errors: { email: "Deje al menos un e-mail, un teléfono o un NIF: es lo que une a la ficha lo que el cliente haga." }, values: { name: "Sin datos" } },
    });
  });
});
