import { readFileSync } from "node:fs";
import { VERIFACTU_REF } from "../outbox-refs.server";
import { and, asc, eq, inArray, isNull, lt, lte, or, sql } from "drizzle-orm";
import type { SubmissionState } from "~/domain/invoices/verifactu-filters";
import { matchAnswer, type SubmissionOutcome } from "~/domain/invoices/verifactu-answer";
import { MAX_REGISTROS_POR_ENVIO, registrosXml } from "~/domain/invoices/verifactu-xml";
import { config } from "../config.server";
import type { Database } from "../db/client.server";
import { getDb } from "../db/db.server";
import { outbox } from "../db/shared-schema.server";
import { verifactuRecords, verifactuSender, verifactuSubmissions } from "./verifactu-schema.server";
import { log } from "../log.server";
import { DeliveryError, enqueue, type Handler } from "../outbox.server";
import { sendRegistros, verifactuEndpoint, type AeatClientOptions, type RespuestaRegistros } from "./aeat-client.server";
import { sendingConfigured, VERIFACTU_OUTBOX_KIND } from "./verifactu-settings.server";

/*
 * Sending the billing records to the AEAT (issue 13, decision 0008). An outbox entry is
 * written with each record; its handler sends every record still pending, in the chain's
 * order, up to 1000 at a time, as one SuministroLR submission over mutual TLS with the
 * company's certificate. One submission runs at a time across instances (the lease of
 * verifactu_sender's row), and the next waits the time the AEAT asks for (TiempoEsperaEnvio).
 * The AEAT's verdict is stored per record. A failure that may pass (network, timeout, the
 * AEAT's server) is retried by the outbox with its backoff; the records stay pending. Sending
 * a record again is harmless: the AEAT answers that it already has it. A scheduled task
 * queues a submission when records wait and nothing is queued (after the certificate is
 * configured, after a wait, after a failure).
 */

const LEASE_SECONDS = 150;
const TIMEOUT_MS = 60_000;
/** After a failure nobody can fix by retrying (certificate refused, XML refused), wait this long. */
const AFTER_REFUSAL_SECONDS = 15 * 60;
const DEFAULT_WAIT_SECONDS = 60;

export type SendOutcome =
  | { kind: "sin-certificado" }
  | { kind: "ocupado" }
  | { kind: "esperando"; until: Date }
  | { kind: "nada" }
  | { kind: "enviado"; accepted: number; withErrors: number; refused: number; left: number }
  | { kind: "fallo"; retryable: boolean; reason: string };

function clientOptions(): AeatClientOptions {
  const c = config();
  const url = c.VERIFACTU_AEAT_URL ?? verifactuEndpoint(c.VERIFACTU_ENV);
  const file = c.VERIFACTU_CERT_PATH!;
  const ca = c.VERIFACTU_CA_PATH ? readFileSync(c.VERIFACTU_CA_PATH) : undefined;
  const base = { url, timeoutMs: TIMEOUT_MS, passphrase: c.VERIFACTU_CERT_PASSWORD, ...(ca ? { ca } : {}) };
  if (/\.(p12|pfx)$/i.test(file)) return { ...base, pfx: readFileSync(file) };
  return { ...base, cert: readFileSync(file), key: readFileSync(c.VERIFACTU_KEY_PATH ?? file) };
}

/** Takes the sender's lease if it is free and the AEAT's waiting time has passed. */
async function takeLease(db: Database): Promise<SendOutcome | null> {
  const taken = await db
    .update(verifactuSender)
    .set({ busyUntil: sql`now() + make_interval(secs => ${LEASE_SECONDS})`, lastTriedAt: sql`now()` })
    .where(
      and(
        eq(verifactuSender.id, 1),
        or(isNull(verifactuSender.busyUntil), lt(verifactuSender.busyUntil, sql`now()`)),
        or(isNull(verifactuSender.nextSendAt), lte(verifactuSender.nextSendAt, sql`now()`)),
      ),
    )
    .returning({ id: verifactuSender.id });
  if (taken.length > 0) return null;
  const [sender] = await db.select().from(verifactuSender).where(eq(verifactuSender.id, 1));
  if (sender?.nextSendAt && sender.nextSendAt > new Date()) return { kind: "esperando", until: sender.nextSendAt };
  return { kind: "ocupado" };
}

async function release(db: Database, outcome: string, waitSeconds: number): Promise<void> {
  await db
    .update(verifactuSender)
    .set({ busyUntil: null, lastOutcome: outcome, nextSendAt: waitSeconds > 0 ? sql`now() + make_interval(secs => ${waitSeconds})` : null })
    .where(eq(verifactuSender.id, 1));
}

type Pending = { id: number; registro: typeof verifactuRecords.$inferSelect.registro };

const STATE_OF: Record<Exclude<SubmissionOutcome["state"], "sin_respuesta">, SubmissionState> = {
  aceptado: "aceptado",
  aceptado_con_errores: "aceptado con errores",
  rechazado: "rechazado",
};

/** Stores what the AEAT said of each record (verifactu-answer.ts); a record it left out stays pending. */
async function storeAnswer(db: Database, pending: Pending[], answer: RespuestaRegistros): Promise<{ accepted: number; withErrors: number; refused: number }> {
  const counts = { accepted: 0, withErrors: 0, refused: 0 };
  const matched = matchAnswer(pending.map((record) => record.registro), answer.RespuestaLinea);
  for (const [i, { outcome }] of matched.entries()) {
    if (outcome.state === "sin_respuesta") continue;
    const state = STATE_OF[outcome.state];
    if (state === "aceptado") counts.accepted += 1;
    else if (state === "aceptado con errores") counts.withErrors += 1;
    else counts.refused += 1;
    const duplicate = "duplicate" in outcome && outcome.duplicate;
    await db
      .update(verifactuSubmissions)
      .set({
        state,
        answeredAt: new Date(),
        csv: answer.CSV ?? null,
        errorCode: "code" in outcome ? (outcome.code ?? null) : null,
        errorText: "message" in outcome ? outcome.message : duplicate ? "Ya constaba en la AEAT (enviado antes)" : null,
      })
      .where(and(eq(verifactuSubmissions.recordId, pending[i]!.id), eq(verifactuSubmissions.state, "pendiente")));
  }
  return counts;
}

/** Sends the records waiting, if it is this instance's turn; says what happened. */
export async function sendPendingRecords(db: Database): Promise<SendOutcome> {
  if (!sendingConfigured()) return { kind: "sin-certificado" };
  const busy = await takeLease(db);
  if (busy) return busy;
  const pending: Pending[] = await db
    .select({ id: verifactuRecords.id, registro: verifactuRecords.registro })
    .from(verifactuRecords)
    .innerJoin(verifactuSubmissions, eq(verifactuSubmissions.recordId, verifactuRecords.id))
    .where(eq(verifactuSubmissions.state, "pendiente"))
    .orderBy(asc(verifactuRecords.id))
    .limit(MAX_REGISTROS_POR_ENVIO);
  if (pending.length === 0) {
    await db.update(verifactuSender).set({ busyUntil: null }).where(eq(verifactuSender.id, 1));
    return { kind: "nada" };
  }
  const ids = pending.map((record) => record.id);
  await db
    .update(verifactuSubmissions)
    .set({ attempts: sql`${verifactuSubmissions.attempts} + 1`, lastAttemptAt: new Date() })
    .where(inArray(verifactuSubmissions.recordId, ids));
  const c = config();
  let result;
  try {
    const xml = registrosXml({ NombreRazon: c.SHOP_LEGAL_NAME, NIF: c.SHOP_NIF }, pending.map((record) => record.registro));
    result = await sendRegistros(xml, clientOptions());
  } catch (error) {
    // A certificate file that cannot be read, a record the XML cannot carry: not a passing failure.
    const reason = `No se pudo preparar el envío: ${error instanceof Error ? error.message : String(error)}`;
    await release(db, reason, AFTER_REFUSAL_SECONDS);
    return { kind: "fallo", retryable: false, reason };
  }
  if (!result.ok) {
    await release(db, result.reason, result.retryable ? 0 : AFTER_REFUSAL_SECONDS);
    return { kind: "fallo", retryable: result.retryable, reason: result.reason };
  }
  const counts = await storeAnswer(db, pending, result.answer);
  const left = pending.length - counts.accepted - counts.withErrors - counts.refused;
  const summary =
    `${result.answer.EstadoEnvio}: ${counts.accepted} aceptado(s), ${counts.withErrors} con errores, ${counts.refused} rechazado(s)` +
    (left > 0 ? `, ${left} sin respuesta (se reenviarán)` : "") +
    (result.answer.CSV ? `. CSV ${result.answer.CSV}.` : ".");
  await release(db, summary, result.answer.TiempoEsperaEnvio ?? DEFAULT_WAIT_SECONDS);
  log("verifactu").info({ registros: pending.length, ...counts }, summary);
  return { kind: "enviado", ...counts, left };
}

/** The outbox's handler: a passing failure is retried by the outbox; the rest is recorded and ends. */
export function verifactuHandler(): Handler {
  return async (_entry, context) => {
    // Sending the same records twice is harmless (the AEAT answers that it has them).
    await context.sending();
    const outcome = await sendPendingRecords(await getDb());
    if (outcome.kind === "sin-certificado") return "skipped";
    if (outcome.kind === "fallo") throw new DeliveryError(outcome.reason, outcome.retryable, { notSent: !outcome.retryable });
    // "ocupado" / "esperando": the submission in progress, or the scheduled task, takes these records.
  };
}

/** Queues a submission unless one is queued already; false when nothing waits. */
export async function sendNow(db: Database): Promise<boolean> {
  const [waiting] = await db.select({ id: verifactuSubmissions.recordId }).from(verifactuSubmissions).where(eq(verifactuSubmissions.state, "pendiente")).limit(1);
  if (!waiting) return false;
  const [queued] = await db.select({ id: outbox.id }).from(outbox).where(and(eq(outbox.kind, VERIFACTU_OUTBOX_KIND), eq(outbox.status, "pending"))).limit(1);
  if (!queued) await enqueue(db, VERIFACTU_OUTBOX_KIND, {}, { ref: VERIFACTU_REF });
  return true;
}

/** The scheduled task: records waiting and nothing queued (after a wait or a failure): queue a submission. */
export async function verifactuCatchUpTask(db: Database): Promise<string> {
  if (!sendingConfigured()) return "sin certificado: los registros esperan";
  const [sender] = await db.select().from(verifactuSender).where(eq(verifactuSender.id, 1));
  if (sender?.nextSendAt && sender.nextSendAt > new Date()) return "esperando el plazo de la AEAT";
  return (await sendNow(db)) ? "envío a la AEAT en cola" : "nada pendiente";
}
