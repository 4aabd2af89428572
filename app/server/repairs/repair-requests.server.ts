import { count, desc, eq, inArray, lt, sql, type SQL } from "drizzle-orm";
import { newRepairAlert } from "~/domain/alerts/alert-messages";
import { factsOfContact } from "~/domain/customers/customer-sources";
import { formatDateTime } from "~/domain/dates/madrid-dates";
import type { Coverage } from "~/domain/repairs/repair-coverage";
import { REPAIR_FAMILY_LABELS, repairReference, URGENCY_LABELS, type RepairFamily, type RepairSource, type RepairState, type Urgency } from "~/domain/repairs/repair-fields";
import type { RepairListQuery } from "~/domain/repairs/repair-list";
import { enqueueAlert } from "../alerts/alert-queue.server";
import { audit, type Actor } from "../audit.server";
import { config, publicShopInfo } from "../config.server";
import { customerFor } from "../customers/customer-records.server";
import type { Database, Transaction } from "../db/client.server";
import { outbox } from "../db/shared-schema.server";
import { deleteRepairPhotos } from "./repair-photos.server";
import { enqueue } from "../outbox.server";
import { repairRef } from "../outbox-refs.server";
import { repairRequests } from "./repairs-schema.server";
import { newLinkToken } from "../link-tokens.server";

/*
 * Breakdowns reported (issue 31): written with their e-mails (the customer's acknowledgement with
 * what it will cost, the shop's with everything) and the staff's alert in one transaction, before
 * the customer is told it was sent. The owner's list and page read them here.
 */

export type RepairRequest = typeof repairRequests.$inferSelect;

export type NewRepair = {
  contact: { name: string; phone: string; email: string; address: string; postcode: string; town: string };
  unit: { installedUnitId: number | null; planId: number | null; family: RepairFamily; brand: string; model: string; serialNumber: string };
  problem: string;
  urgency: Urgency;
  availability: string;
  photoIds: number[];
  coverage: Coverage;
  source: RepairSource;
  takenBy: string | null;
};

export async function createRepairRequest(db: Database, repair: NewRepair, now = new Date()): Promise<RepairRequest> {
  return db.transaction(async (tx) => {
    const customerId = await customerFor(tx, factsOfContact({ name: repair.contact.name, email: repair.contact.email, phone: repair.contact.phone, address: repair.contact.address, town: repair.contact.town }));
    const [row] = await tx
      .insert(repairRequests)
      .values({
        customerId,
        customerEmail: repair.contact.email.trim().toLowerCase(),
        customerName: repair.contact.name,
        customerPhone: repair.contact.phone,
        address: repair.contact.address,
        postcode: repair.contact.postcode,
        town: repair.contact.town,
        ...repair.unit,
        problem: repair.problem,
        urgency: repair.urgency,
        availability: repair.availability,
        photoIds: repair.photoIds,
        coverage: repair.coverage,
        token: newLinkToken(),
        source: repair.source,
        takenBy: repair.takenBy,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    const created = row!;
    const actor: Actor = repair.takenBy ? { email: repair.takenBy } : "sistema";
    await audit(tx, actor, { action: "aviso de avería", entity: "averia", entityId: String(created.id), after: { origen: created.source, urgencia: created.urgency, equipo: created.installedUnitId, cobertura: created.coverage.kind } });
    const ref = repairRef(created.id);
    if (created.customerEmail) await enqueue(tx, "email", { ...customerAcknowledgement(created) }, { ref });
    // Taken on the phone, the owner typed it: no e-mail nor alert to the shop.
    if (!created.takenBy) {
      await enqueue(tx, "email", { ...shopNotice(created) }, { ref });
      await enqueueAlert(
        tx,
        newRepairAlert({ id: created.id, reference: repairReference(created.id), name: created.customerName, town: created.town, urgent: created.urgency === "urgente", what: created.problem }),
        ref,
      );
    }
    return created;
  });
}

/** "Caldera o calentador: Junkers Cerapur 25 (n.º de serie JK-998)": how e-mails, the job and the customer's page name the unit. */
export function unitLine(repair: Pick<RepairRequest, "family" | "brand" | "model" | "serialNumber">): string {
  const plate = [repair.brand, repair.model].filter(Boolean).join(" ");
  return `${REPAIR_FAMILY_LABELS[repair.family]}${plate ? `: ${plate}` : ""}${repair.serialNumber ? ` (n.º de serie ${repair.serialNumber})` : ""}`;
}

function customerAcknowledgement(repair: RepairRequest) {
  const shop = publicShopInfo();
  const reference = repairReference(repair.id);
  return {
    to: repair.customerEmail,
    replyTo: config().SHOP_EMAIL,
    subject: `${shop.name}: hemos recibido su aviso de avería ${reference}`,
    text: [
      `Hola, ${repair.customerName}:`,
      "",
      `Hemos recibido su aviso de avería ${reference}. Le llamaremos al ${repair.customerPhone} para acordar la visita${repair.urgency === "urgente" ? " lo antes posible" : ""}.`,
      "",
      `Equipo: ${unitLine(repair)}`,
      `Qué le pasa: ${repair.problem}`,
      `Dirección: ${repair.address}, ${repair.postcode} ${repair.town}`,
      ...(repair.availability ? [`Cuándo podemos ir: ${repair.availability}`] : []),
      "",
      repair.coverage.text,
      "",
      `Cómo va su aviso (el día de la visita, el parte y la factura de la reparación): ${shop.baseUrl}/averias/${repair.token}`,
      "",
      `Para cualquier duda, responda a este correo o llámenos al ${shop.phone}.`,
      "",
      `${shop.legalName} · ${shop.address} · ${shop.baseUrl}`,
    ].join("\n"),
  };
}

function shopNotice(repair: RepairRequest) {
  const shop = publicShopInfo();
  return {
    to: config().SHOP_EMAIL,
    replyTo: repair.customerEmail,
    subject: `${shop.name}: ${repair.urgency === "urgente" ? "avería URGENTE" : "avería"} ${repairReference(repair.id)} de ${repair.customerName} (${repair.town})`,
    text: [
      `${repair.customerName} · ${repair.customerPhone} · ${repair.customerEmail}`,
      `${repair.address}, ${repair.postcode} ${repair.town}`,
      `Equipo: ${unitLine(repair)}${repair.installedUnitId ? " (instalado por nosotros)" : ""}${repair.planId ? `, plan de mantenimiento n.º ${repair.planId}` : ""}`,
      `Urgencia: ${URGENCY_LABELS[repair.urgency]}`,
      `Qué le pasa: ${repair.problem}`,
      ...(repair.availability ? [`Cuándo pueden ir: ${repair.availability}`] : []),
      `Fotos: ${repair.photoIds.length}`,
      `Lo que se le ha dicho: ${repair.coverage.text}`,
      `Recibido el ${formatDateTime(repair.createdAt)}${repair.takenBy ? ` (por teléfono, ${repair.takenBy})` : ""}`,
      "",
      `${shop.baseUrl}/admin/averias/${repair.id}`,
    ].join("\n"),
  };
}

const PAGE_SIZE = 50;

/** The owner's list, newest first, urgent new ones on top; filtered by state, paged. */
export async function listRepairRequests(db: Pick<Database, "select">, query: RepairListQuery) {
  const where: SQL | undefined = query.state ? eq(repairRequests.state, query.state) : undefined;
  const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(repairRequests).where(where);
  const pageCount = Math.max(1, Math.ceil(total / PAGE_SIZE));
  const page = Math.min(query.page, pageCount);
  const rows = await db
    .select()
    .from(repairRequests)
    .where(where)
    .orderBy(sql`(${repairRequests.state} = 'nueva' and ${repairRequests.urgency} = 'urgente') desc`, desc(repairRequests.createdAt), desc(repairRequests.id))
    .limit(PAGE_SIZE)
    .offset((page - 1) * PAGE_SIZE);
  return { rows, total, page, pageCount };
}

export async function findRepairRequest(db: Pick<Database, "select">, id: number): Promise<RepairRequest | null> {
  const [row] = await db.select().from(repairRequests).where(eq(repairRequests.id, id));
  return row ?? null;
}

/** The owner moves it on (atendida, anulada) and keeps notes; audited. Null when it does not exist. */
export async function updateRepairRequest(db: Database, actor: Actor, id: number, change: { state?: RepairState; ownerNotes?: string }, now = new Date()): Promise<RepairRequest | null> {
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(repairRequests).where(eq(repairRequests.id, id)).for("update");
    if (!before) return null;
    const [after] = await tx
      .update(repairRequests)
      .set({ ...change, updatedAt: now })
      .where(eq(repairRequests.id, id))
      .returning();
    await audit(tx, actor, { action: "cambiar aviso de avería", entity: "averia", entityId: String(id), before: { estado: before.state }, after: { estado: after!.state, ...(change.ownerNotes !== undefined ? { notas: true } : {}) } });
    return after!;
  });
}

/**
 * The privacy policy's period (RETENTION.repairRequestDays): breakdowns reported before `cutoff`
 * go, with their photos and any e-mail still naming them. In the retention task's transaction.
 */
export async function purgeOldRepairRequests(tx: Transaction, cutoff: Date): Promise<number> {
  const old = await tx.delete(repairRequests).where(lt(repairRequests.createdAt, cutoff)).returning({ id: repairRequests.id, photoIds: repairRequests.photoIds });
  if (old.length === 0) return 0;
  await deleteRepairPhotos(tx, old.flatMap((row) => row.photoIds));
  await tx.delete(outbox).where(inArray(outbox.ref, old.map((row) => repairRef(row.id))));
  return old.length;
}

/** «Mis equipos»: the breakdowns the verified e-mail reported, newest first (issue 31). */
export async function repairsForEmail(db: Pick<Database, "select">, email: string) {
  const rows = await db
    .select()
    .from(repairRequests)
    .where(sql`lower(${repairRequests.customerEmail}) = ${email.trim().toLowerCase()}`)
    .orderBy(desc(repairRequests.createdAt), desc(repairRequests.id))
    .limit(50);
  return rows.map((row) => ({
    id: row.id,
    reference: repairReference(row.id),
    reportedAt: formatDateTime(row.createdAt),
    unit: [REPAIR_FAMILY_LABELS[row.family], [row.brand, row.model].filter(Boolean).join(" ")].filter(Boolean).join(": "),
    state: row.state,
    cost: row.coverage.text,
    page: `/averias/${row.token}`,
  }));
}

export type MyRepair = Awaited<ReturnType<typeof repairsForEmail>>[number];
