import { z } from "zod";
import { isYmd } from "../dates/madrid-dates";
import { isHhmm } from "./job-times";

/*
 * The forms of the jobs' back office and the technicians' pages (issue 17), parsed by each
 * action; field errors in Spanish. Times are Madrid wall-clock times (job-times.ts).
 */

const day = z.string().trim().refine(isYmd, "Escriba una fecha válida (día, mes y año).");
const time = z.string().trim().refine(isHhmm, "Escriba una hora válida, por ejemplo 09:00.");

export const scheduleJobSchema = z
  .object({
    intent: z.literal("schedule"),
    day,
    from: time,
    to: time,
    technicianId: z.string().trim().min(1, "Elija el técnico.").max(100),
    notes: z.string().max(2000, "Las notas no pueden pasar de 2000 caracteres.").default(""),
  })
  .refine((form) => form.to > form.from, { path: ["to"], message: "La hora de fin debe ser posterior a la de inicio." });

export const jobStepSchema = z.object({
  intent: z.literal("step"),
  to: z.enum(["en_curso", "terminado", "cobrado"], { message: "Ese paso no existe." }),
});

export const cancelJobSchema = z.object({
  intent: z.literal("cancel"),
  reason: z.string().trim().min(3, "Escriba el motivo de la cancelación.").max(500, "El motivo no puede pasar de 500 caracteres."),
});

export const jobActionSchema = z.discriminatedUnion("intent", [scheduleJobSchema, jobStepSchema, cancelJobSchema]);

export const newTechnicianSchema = z.object({
  intent: z.literal("create"),
  name: z.string().trim().min(2, "Escriba el nombre del técnico.").max(120, "El nombre no puede pasar de 120 caracteres."),
  email: z.string().trim().toLowerCase().max(200).pipe(z.email("Escriba un email válido.")),
});

export const technicianChangeSchema = z.object({
  intent: z.enum(["revoke", "feed-new", "feed-revoke"]),
  userId: z.string().trim().min(1).max(100),
});
