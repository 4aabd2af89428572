import { z } from "zod";
import type { Mode } from "./state";

/*
 * Changing the mode: the same rules for setMode, POST /control/mode (JSON or a form) and
 * the sandbox's Spanish flags (--notificacion=retrasar:5000, --reembolso=denegar,
 * --cobro=saldo).
 */

const fromForm = (value: unknown) => (value === "" ? undefined : value);

export const modeChangeSchema = z.strictObject({
  notification: z.enum(["send", "delay", "repeat", "drop", "hold"]).optional(),
  delayMs: z.preprocess(fromForm, z.coerce.number().int().min(0).max(600_000).optional()),
  repeat: z.preprocess(fromForm, z.coerce.number().int().min(1).max(10).optional()),
  refund: z.enum(["accept", "deny", "error"]).optional(),
  charge: z.enum(["accept", "deny", "insufficient", "expired"]).optional(),
});

/** The changes, or a Spanish message saying what is wrong. */
export function parseModeChange(input: unknown): { ok: true; change: Partial<Mode> } | { ok: false; message: string } {
  const parsed = modeChangeSchema.safeParse(input ?? {});
  if (parsed.success) return { ok: true, change: Object.fromEntries(Object.entries(parsed.data).filter(([, v]) => v !== undefined)) as Partial<Mode> };
  const issue = parsed.error.issues[0];
  return { ok: false, message: `Modo no válido en «${issue?.path.join(".") || "?"}»: notification send|delay|repeat|drop|hold, delayMs 0-600000, repeat 1-10, refund accept|deny|error, charge accept|deny|insufficient|expired` };
}

export const SANDBOX_USAGE = `Uso: npm run redsys:sandbox -- [--notificacion=enviar|retrasar:MS|repetir:N|perder|retener] [--reembolso=aceptar|denegar|error] [--cobro=aceptar|denegar|saldo|caducada]`;

const NOTIFICATION_WORDS = { enviar: "send", retrasar: "delay", repetir: "repeat", perder: "drop", retener: "hold" } as const;
const REFUND_WORDS = { aceptar: "accept", denegar: "deny", error: "error" } as const;
const CHARGE_WORDS = { aceptar: "accept", denegar: "deny", saldo: "insufficient", caducada: "expired" } as const;

/** The sandbox's command-line flags as a mode change; throws with the usage on anything else. */
export function parseSandboxFlags(args: string[]): Partial<Mode> {
  const change: Record<string, unknown> = {};
  for (const arg of args) {
    const match = /^--(notificacion|reembolso|cobro)=([a-z]+)(?::(\d+))?$/.exec(arg);
    if (!match) throw new Error(`Opción desconocida: ${arg}\n${SANDBOX_USAGE}`);
    const [, flag, word, number] = match;
    if (flag === "reembolso") {
      if (number !== undefined || !(word! in REFUND_WORDS)) throw new Error(`Valor no válido: ${arg}\n${SANDBOX_USAGE}`);
      change.refund = REFUND_WORDS[word as keyof typeof REFUND_WORDS];
      continue;
    }
    if (flag === "cobro") {
      if (number !== undefined || !Object.hasOwn(CHARGE_WORDS, word!)) throw new Error(`Valor no válido: ${arg}\n${SANDBOX_USAGE}`);
      change.charge = CHARGE_WORDS[word as keyof typeof CHARGE_WORDS];
      continue;
    }
    const notification = NOTIFICATION_WORDS[word as keyof typeof NOTIFICATION_WORDS];
    const takesNumber = notification === "delay" || notification === "repeat";
    if (!notification || (number !== undefined && !takesNumber)) throw new Error(`Valor no válido: ${arg}\n${SANDBOX_USAGE}`);
    change.notification = notification;
    if (number !== undefined) change[notification === "delay" ? "delayMs" : "repeat"] = Number(number);
  }
  const parsed = parseModeChange(change);
  if (!parsed.ok) throw new Error(`${parsed.message}\n${SANDBOX_USAGE}`);
  return parsed.change;
}

/** What each charge mode answers, in the words of the sandbox and the control page. */
export const CHARGE_LABELS = { accept: "aceptar (0000)", deny: "denegar (0190)", insufficient: "saldo insuficiente (0116)", expired: "tarjeta caducada (0101)" } as const;

/** The mode in the sandbox's own words, for its start-up message. */
export function describeMode(mode: Mode): string {
  const notification = {
    send: "enviar al momento",
    delay: `retrasar ${mode.delayMs} ms`,
    repeat: `repetir ${mode.repeat} veces`,
    drop: "perder",
    hold: "retener (POST /control/deliver la entrega)",
  }[mode.notification];
  const refund = { accept: "aceptar (0900)", deny: "denegar (0950)", error: "error SIS0057" }[mode.refund];
  return `notificación: ${notification}; devoluciones: ${refund}; cobros con tarjeta guardada: ${CHARGE_LABELS[mode.charge]}`;
}
