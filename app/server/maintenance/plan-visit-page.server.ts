import { data, redirect } from "react-router";
import { slotSchema, SLOT_REQUIRED } from "~/domain/visits/visit-forms";
import { readVisitForm, refuse, slotRefusal } from "../visits/visit-page-actions.server";
import { bookPlanVisit, findPlanVisit } from "./plan-visit-booking.server";
import { planVisitPath } from "./plan-emails.server";

/*
 * POST /mantenimiento/visita/:token (issue 31): the customer chooses or changes the day of a
 * plan's maintenance visit. The free visit's form rules (size, bots, rate limit, Spanish field
 * messages, a slot taken a moment ago answered with the next free ones); an unknown token is a 404.
 */
export async function planVisitAction(request: Request, token: string | undefined) {
  const read = await readVisitForm(request);
  if ("refused" in read) return read.refused;
  const { form, db } = read;
  const visit = token ? await findPlanVisit(db, token) : null;
  if (!visit) throw data(null, { status: 404 });
  if (form.get("intent") !== "elegir") return refuse({ error: "No sabemos qué quería hacer. Vuelva a la página e inténtelo de nuevo." }, 400);
  const slot = slotSchema.safeParse(form.get("slot") ?? "");
  if (!slot.success) return refuse({ error: SLOT_REQUIRED, errors: { slot: SLOT_REQUIRED } }, 400);
  const result = await bookPlanVisit(db, visit.token, slot.data);
  if (result.ok) return redirect(`${planVisitPath(visit.token)}?${result.rescheduled ? "cambiada" : "reservada"}=1`, 303);
  if (result.reason === "closed") return refuse({ error: "El día de esta visita ya no se puede elegir desde aquí: llámenos si necesita algo." }, 409);
  return slotRefusal({ reason: result.reason, next: result.next });
}
