import { and, eq, isNull, ne } from "drizzle-orm";
import { customerValues, filledBlanks } from "~/domain/customers/customer-facts";
import type { CustomerDetails } from "~/domain/customers/customer-form";
import { audit, changedFields, type Actor } from "../audit.server";
import type { Database } from "../db/client.server";
import { CUSTOMER_TIES } from "./customer-links.server";
import { findCustomer } from "./customer-records.server";
import { listedCustomers } from "./customer-list.server";
import { customers } from "./customers-schema.server";

/*
 * The owner's changes to a customer record (issue 30): its details and notes, and merging a
 * duplicate into it. Both audited; a merge moves everything tied to the other record here,
 * fills this one's empty fields from it, keeps both notes, and leaves the other pointing here
 * (never deleted: old links and the audit log still name it).
 */

const ENTITY = "ficha";

export type EditResult = { ok: true; message: string } | { ok: false; status: 404 | 409; error: string };

export async function saveCustomerDetails(db: Database, actor: Actor, id: number, details: CustomerDetails): Promise<EditResult> {
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(customers).where(and(eq(customers.id, id), listedCustomers()));
    if (!before) return { ok: false, status: 404, error: "Esa ficha no existe o se unió a otra." };
    const values = customerValues(details);
    const next = {
      name: values.name,
      company: values.company,
      nif: values.nif,
      email: values.email,
      phone: values.phone,
      phoneKey: values.phoneKey,
      address: values.address,
      postcode: values.postcode,
      town: values.town,
      province: values.province,
      notes: details.notes,
    };
    const changes = changedFields(before as unknown as Record<string, unknown>, next);
    if (Object.keys(changes.after).length === 0) return { ok: true, message: "No había nada que cambiar." };
    await tx.update(customers).set({ ...next, updatedAt: new Date() }).where(eq(customers.id, id));
    await audit(tx, actor, { action: "editar ficha de cliente", entity: ENTITY, entityId: id, before: changes.before, after: changes.after });
    return { ok: true, message: "Ficha guardada." };
  });
}

export async function mergeCustomers(db: Database, actor: Actor, keepId: number, otherId: number): Promise<EditResult> {
  if (keepId === otherId) return { ok: false, status: 409, error: "Es la misma ficha: escriba el número de la otra." };
  return db.transaction(async (tx) => {
    // Both rows locked in id order, so two merges of the same pair cannot cross.
    const rows = await tx
      .select()
      .from(customers)
      .where(and(eq(customers.id, keepId), listedCustomers()))
      .for("update");
    const [keep] = rows;
    if (!keep) return { ok: false, status: 404, error: "Esta ficha no existe o se unió a otra." };
    const [other] = await tx
      .select()
      .from(customers)
      .where(and(eq(customers.id, otherId), listedCustomers()))
      .for("update");
    if (!other) return { ok: false, status: 409, error: `No hay ninguna ficha de cliente nº ${otherId} que se pueda unir (no existe, ya se unió a otra o es de personal de la tienda).` };
    if (keep.userId && other.userId && keep.userId !== other.userId)
      return { ok: false, status: 409, error: "Las dos fichas tienen cuenta en la tienda, cada una la suya: no se pueden unir (serían dos personas que entran con e-mails distintos)." };
    const moved: Record<string, number> = {};
    for (const tie of CUSTOMER_TIES) moved[tie.label] = await tie.move(tx, otherId, keepId);
    // Records merged into the other one earlier now point here too (one hop to the live record).
    await tx.update(customers).set({ mergedIntoId: keepId }).where(and(eq(customers.mergedIntoId, otherId), ne(customers.id, keepId)));
    const learned = filledBlanks(keep, other);
    const notes = [keep.notes, other.notes && `De la ficha nº ${other.id}: ${other.notes}`].filter(Boolean).join("\n\n");
    const now = new Date();
    await tx.update(customers).set({ ...learned, notes, updatedAt: now }).where(eq(customers.id, keepId));
    await tx.update(customers).set({ mergedIntoId: keepId, userId: null, updatedAt: now }).where(and(eq(customers.id, otherId), isNull(customers.mergedIntoId)));
    await audit(tx, actor, {
      action: "unir fichas de cliente",
      entity: ENTITY,
      entityId: keepId,
      before: { unida: otherId, nombre: other.name, email: other.email, telefono: other.phone, nif: other.nif },
      after: { ...moved, completado: Object.keys(learned) },
    });
    const total = Object.values(moved).reduce((sum, n) => sum + n, 0);
    return { ok: true, message: `Fichas unidas: la nº ${other.id} forma parte de esta ficha (${total} ${total === 1 ? "documento movido" : "documentos movidos"}).` };
  });
}

export type CreateResult = { ok: true; id: number } | { ok: false; status: 409; error: string; existing: number };

/** A record made by hand (a customer who phones): refused when one already names the same e-mail, id or phone. */
export async function createCustomerRecord(db: Database, actor: Actor, details: CustomerDetails): Promise<CreateResult> {
  return db.transaction(async (tx) => {
    const values = customerValues(details);
    const existing = await findCustomer(tx, values);
    if (existing) return { ok: false, status: 409, error: `Ya hay una ficha de este cliente (nº ${existing.id}, ${existing.name || existing.company}): ábrala para completarla.`, existing: existing.id };
    const [created] = await tx.insert(customers).values({ ...values, notes: details.notes }).returning({ id: customers.id });
    await audit(tx, actor, { action: "crear ficha de cliente", entity: ENTITY, entityId: created!.id, after: { nombre: values.name, empresa: values.company, email: values.email, telefono: values.phone } });
    return { ok: true, id: created!.id };
  });
}
