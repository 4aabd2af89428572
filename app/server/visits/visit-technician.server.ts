import { and, eq, gt } from "drizzle-orm";
import type { Actor } from "../audit.server";
import { audit } from "../audit.server";
import { user } from "../accounts/accounts-schema.server";
import { TECHNICIAN_ROLE } from "../accounts/staff-roles.server";
import type { Database } from "../db/client.server";
import { technicianClash } from "../jobs/technician-clash.server";
import { visits } from "./visits-schema.server";

/*
 * A booked visit given to a technician, or taken back (issue 30): it then shows on their
 * /tecnico pages and calendar feed. Refused when they already have a job or another visit at
 * that time (technicianClash, the same check as a job's scheduling), audited.
 */
export type VisitTechnicianResult = { ok: true; message: string } | { ok: false; status: 404 | 409; error: string };

export async function assignVisitTechnician(db: Database, actor: Actor, visitId: number, technicianId: string | null, now = new Date()): Promise<VisitTechnicianResult> {
  return db.transaction(async (tx) => {
    // The technician's row first, as a job's scheduling does: two assignments for one technician wait for each other.
    const [tech] = technicianId
      ? await tx
          .select({ id: user.id, name: user.name })
          .from(user)
          .where(and(eq(user.id, technicianId), eq(user.role, TECHNICIAN_ROLE)))
          .for("update")
      : [];
    if (technicianId && !tech) return { ok: false, status: 409, error: "Ese técnico no existe o ya no es técnico." };
    const [visit] = await tx
      .select()
      .from(visits)
      .where(and(eq(visits.id, visitId), eq(visits.state, "reservada"), gt(visits.endsAt, now)))
      .for("update");
    if (!visit) return { ok: false, status: 404, error: "Esa visita ya no está reservada o ya pasó." };
    if (tech) {
      const clash = await technicianClash(tx, tech, visit.startsAt, visit.endsAt, { visitId });
      if (clash) return { ok: false, status: 409, error: clash };
    }
    await tx.update(visits).set({ technicianId: tech?.id ?? null, updatedAt: now }).where(eq(visits.id, visitId));
    await audit(tx, actor, {
      action: tech ? "asignar técnico a visita" : "quitar técnico de visita",
      entity: "visita",
      entityId: visitId,
      before: { tecnico: visit.technicianId },
      after: { tecnico: tech?.id ?? null },
    });
    return { ok: true, message: tech ? `Visita de ${visit.name} asignada a ${tech.name}.` : `La visita de ${visit.name} queda sin técnico.` };
  });
}
