import { z } from "zod";
import { ALERT_KINDS } from "./alert-kinds";

/* The forms of the alerts page (/admin/avisos, issue 30), parsed by its action. */

/** The page's form of choices: the ticked boxes, none ticked being a choice too. */
export const choicesSchema = z.object({
  intent: z.literal("elegir"),
  kinds: z.array(z.enum(ALERT_KINDS, { message: "Ese tipo de aviso no existe." })).max(ALERT_KINDS.length),
});

/** base64url as browsers give a subscription's keys (RFC 8291: a P-256 point, a 16-byte secret). */
const base64url = (min: number, max: number, what: string) =>
  z
    .string({ message: `Falta ${what} del dispositivo.` })
    .trim()
    .regex(/^[A-Za-z0-9_-]+={0,2}$/, `${what} del dispositivo no es válida.`)
    .min(min, `${what} del dispositivo no es válida.`)
    .max(max, `${what} del dispositivo no es válida.`);

const endpoint = z
  .string({ message: "Falta la dirección del servicio de avisos." })
  .trim()
  .max(1000, "La dirección del servicio de avisos es demasiado larga.")
  // Browsers' push services are all https (and web-push sends over https only).
  .pipe(z.url({ protocol: /^https$/, message: "La dirección del servicio de avisos no es válida." }));

/** A device's subscription as the page's script posts it (PushSubscription.toJSON()). */
export const subscribeSchema = z.object({
  intent: z.literal("activar"),
  endpoint,
  p256dh: base64url(86, 88, "La clave"),
  auth: base64url(22, 24, "La clave de autenticación"),
});

/** This device stops: its endpoint; or a device of the list by its number. */
export const unsubscribeSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("desactivar"), endpoint }),
  z.object({ intent: z.literal("quitar"), id: z.coerce.number({ message: "Ese dispositivo no existe." }).int().positive("Ese dispositivo no existe.") }),
]);
