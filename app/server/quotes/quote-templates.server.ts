import { asc, eq, sql } from "drizzle-orm";
import type { QuoteDraft } from "~/domain/quotes/quote-content";
import { draftFromTemplate, templateFromDraft, templateProductIds } from "~/domain/quotes/quote-template";
import { audit, type Actor } from "../audit.server";
import type { Database } from "../db/client.server";
import { pgErrorCode, UNIQUE_VIOLATION } from "../db/pg-errors.server";
import { cataloguePrices } from "./quote-catalogue.server";
import { quoteTemplates } from "./quotes-schema.server";

/*
 * Quote templates (issue 30): saved from the editor («Guardar como plantilla»), used when a new
 * quote is created («Empezar desde una plantilla»), renamed and deleted from
 * /admin/presupuestos/plantillas. Names are unique whatever their case (the table's index);
 * every change is in the audit log, entity "plantilla".
 */

export type QuoteTemplate = typeof quoteTemplates.$inferSelect;

/** A name taken by another template: its id, so the page can offer to replace it. */
export type TemplateChange = { ok: true; template: QuoteTemplate } | { ok: false; reason: "duplicate"; existingId: number } | { ok: false; reason: "missing" };

const sameName = (name: string) => sql`lower(${quoteTemplates.name}) = lower(${name})`;

export async function listTemplates(db: Pick<Database, "select">): Promise<QuoteTemplate[]> {
  return db.select().from(quoteTemplates).orderBy(asc(sql`lower(${quoteTemplates.name})`), asc(quoteTemplates.id));
}

export async function templateById(db: Pick<Database, "select">, id: number): Promise<QuoteTemplate | null> {
  const [row] = await db.select().from(quoteTemplates).where(eq(quoteTemplates.id, id));
  return row ?? null;
}

async function templateNamed(db: Pick<Database, "select">, name: string): Promise<QuoteTemplate | null> {
  const [row] = await db.select().from(quoteTemplates).where(sameName(name));
  return row ?? null;
}

/** Runs a change; a name another template took meanwhile (the unique index) is a duplicate, not an error. */
async function unlessDuplicate(db: Database, name: string, change: () => Promise<TemplateChange>): Promise<TemplateChange> {
  try {
    return await change();
  } catch (error) {
    if (pgErrorCode(error) !== UNIQUE_VIOLATION) throw error;
    const taken = await templateNamed(db, name);
    return { ok: false, reason: "duplicate", existingId: taken?.id ?? 0 };
  }
}

/**
 * Saves a quote's draft as a template (without customer, place or dates). A name already used
 * is refused, unless `replace`: then that template takes this draft (and the name as typed now).
 */
export async function saveTemplate(db: Database, actor: Actor, input: { name: string; draft: QuoteDraft; replace?: boolean; fromQuote?: string }, now = new Date()): Promise<TemplateChange> {
  const draft = templateFromDraft(input.draft);
  const existing = await templateNamed(db, input.name);
  if (existing && !input.replace) return { ok: false, reason: "duplicate", existingId: existing.id };
  return unlessDuplicate(db, input.name, () =>
    db.transaction(async (tx) => {
      const [template] = existing
        ? await tx.update(quoteTemplates).set({ name: input.name, draft, updatedAt: now }).where(eq(quoteTemplates.id, existing.id)).returning()
        : await tx.insert(quoteTemplates).values({ name: input.name, draft, createdBy: actor === "sistema" ? "sistema" : actor.email, createdAt: now, updatedAt: now }).returning();
      await audit(tx, actor, {
        action: existing ? "reemplazar plantilla" : "guardar plantilla",
        entity: "plantilla",
        entityId: template!.id,
        after: { nombre: input.name, presupuesto: input.fromQuote ?? null },
      });
      return { ok: true, template: template! } as const;
    }),
  );
}

export async function renameTemplate(db: Database, actor: Actor, id: number, name: string, now = new Date()): Promise<TemplateChange> {
  const current = await templateById(db, id);
  if (!current) return { ok: false, reason: "missing" };
  const taken = await templateNamed(db, name);
  if (taken && taken.id !== id) return { ok: false, reason: "duplicate", existingId: taken.id };
  return unlessDuplicate(db, name, () =>
    db.transaction(async (tx) => {
      const [template] = await tx.update(quoteTemplates).set({ name, updatedAt: now }).where(eq(quoteTemplates.id, id)).returning();
      if (!template) return { ok: false, reason: "missing" } as const;
      await audit(tx, actor, { action: "renombrar plantilla", entity: "plantilla", entityId: id, before: { nombre: current.name }, after: { nombre: name } });
      return { ok: true, template } as const;
    }),
  );
}

/** Deletes a template; quotes made from it keep their lines (they were copied). False when it was already gone. */
export async function deleteTemplate(db: Database, actor: Actor, id: number): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [gone] = await tx.delete(quoteTemplates).where(eq(quoteTemplates.id, id)).returning();
    if (!gone) return false;
    await audit(tx, actor, { action: "eliminar plantilla", entity: "plantilla", entityId: id, before: { nombre: gone.name } });
    return true;
  });
}

/** A new quote's draft from template `id`, at today's catalogue prices; null when the template is gone. */
export async function draftFromTemplateId(db: Database, id: number, fallbackDescription = ""): Promise<{ draft: QuoteDraft; unlinked: number; name: string } | null> {
  const template = await templateById(db, id);
  if (!template) return null;
  const prices = await cataloguePrices(db, templateProductIds(template.draft));
  return { ...draftFromTemplate(template.draft, prices, fallbackDescription), name: template.name };
}
