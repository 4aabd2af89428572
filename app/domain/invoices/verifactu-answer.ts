/*
 * What the AEAT's answer means for each record sent (issue 13, decision 0008): the
 * RespuestaLinea of a record is found by its operation and invoice identifiers, and its
 * state becomes the record's submission state. A record the AEAT already had (error 3000,
 * after a retry whose first answer was lost) counts as sent in the state the AEAT gave it.
 * Pure.
 */
import type { RegistroEntry, RespuestaLinea } from "./verifactu-xml";

export type SubmissionOutcome =
  | { state: "aceptado"; duplicate: boolean }
  | { state: "aceptado_con_errores"; duplicate: boolean; code?: string; message: string }
  /** Refused: the record must be corrected (subsanación) before it is sent again. */
  | { state: "rechazado"; code?: string; message: string }
  /** The answer did not mention the record: send it again. */
  | { state: "sin_respuesta"; message: string };

const DUPLICATE = "3000";

function key(operation: "Alta" | "Anulacion", nif: string, number: string, date: string): string {
  return [operation, nif, number, date].join("|");
}

export function registroKey(entry: RegistroEntry): string {
  if (entry.kind === "alta") {
    const id = entry.record.IDFactura;
    return key("Alta", id.IDEmisorFactura, id.NumSerieFactura, id.FechaExpedicionFactura);
  }
  const id = entry.record.IDFactura;
  return key("Anulacion", id.IDEmisorFacturaAnulada, id.NumSerieFacturaAnulada, id.FechaExpedicionFacturaAnulada);
}

export function lineaKey(line: RespuestaLinea): string {
  return key(line.TipoOperacion, line.IDFactura.IDEmisorFactura, line.IDFactura.NumSerieFactura, line.IDFactura.FechaExpedicionFactura);
}

function describe(code: string | undefined, description: string | undefined): string {
  const text = description?.trim() || "sin descripción";
  return code ? `${code}: ${text}` : text;
}

export function outcomeOf(line: RespuestaLinea): SubmissionOutcome {
  if (line.EstadoRegistro === "Correcto") return { state: "aceptado", duplicate: false };
  if (line.EstadoRegistro === "AceptadoConErrores") {
    return { state: "aceptado_con_errores", duplicate: false, code: line.CodigoErrorRegistro, message: `Aceptado con errores por la AEAT (${describe(line.CodigoErrorRegistro, line.DescripcionErrorRegistro)})` };
  }
  const earlier = line.RegistroDuplicado;
  if (line.CodigoErrorRegistro === DUPLICATE && earlier) {
    if (earlier.EstadoRegistroDuplicado === "Correcta") return { state: "aceptado", duplicate: true };
    if (earlier.EstadoRegistroDuplicado === "AceptadaConErrores") {
      return {
        state: "aceptado_con_errores",
        duplicate: true,
        code: earlier.CodigoErrorRegistro,
        message: `Ya enviado, aceptado con errores por la AEAT (${describe(earlier.CodigoErrorRegistro, earlier.DescripcionErrorRegistro)})`,
      };
    }
  }
  return { state: "rechazado", code: line.CodigoErrorRegistro, message: `Rechazado por la AEAT (${describe(line.CodigoErrorRegistro, line.DescripcionErrorRegistro)})` };
}

/** Each record sent, in order, with the AEAT's line about it and what it means. */
export function matchAnswer(
  records: readonly RegistroEntry[],
  lines: readonly RespuestaLinea[],
): Array<{ entry: RegistroEntry; line: RespuestaLinea | null; outcome: SubmissionOutcome }> {
  const byKey = new Map(lines.map((line) => [lineaKey(line), line]));
  return records.map((entry) => {
    const line = byKey.get(registroKey(entry)) ?? null;
    return {
      entry,
      line,
      outcome: line ? outcomeOf(line) : { state: "sin_respuesta", message: "La respuesta de la AEAT no incluye este registro; se reenviará" },
    };
  });
}
