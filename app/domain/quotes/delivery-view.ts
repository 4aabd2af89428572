/**
 * How the back office shows one outbox delivery of a quote request (issue 11): its task-board
 * card or its e-mail to the shop, sent, retrying (with the next attempt's time), failed (with
 * a reason the owner can act on) or skipped (and why). Pure: the rows come from the server.
 */

export type DeliveryRow = {
  id: number;
  kind: string;
  status: "pending" | "done" | "failed" | "skipped";
  attempts: number;
  nextAttemptAt: Date;
  lastError: string | null;
  sentAt: Date | null;
  updatedAt: Date;
};

export type DeliveryState = "enviado" | "en cola" | "reintentando" | "fallido" | "omitido";

export type DeliveryView = {
  id: number;
  kindLabel: string;
  state: DeliveryState;
  /** When it was sent, or when the next attempt is due. */
  at: Date | null;
  attempts: number;
  /** Why it failed or was skipped, in the owner's words; null otherwise. */
  reason: string | null;
  /** The service's own words (scrubbed), for whoever fixes the configuration. */
  technical: string | null;
  /** A failed delivery can be put back in the queue from the back office. */
  canRetry: boolean;
};

const KIND_LABELS: Record<string, string> = { trello_card: "Tarjeta del tablero", email: "E-mail", push_alert: "Aviso al móvil", push_send: "Aviso a un dispositivo" };

export function deliveryKindLabel(kind: string): string {
  return KIND_LABELS[kind] ?? kind;
}

/** The key and token travel in Trello's query string, SMTP_URL may hold a password: never shown. */
export function scrubSecrets(text: string): string {
  return text
    .replace(/(\/\/)[^/\s:@]+:[^/\s@]+@/g, "$1***@")
    .replace(/([?&](?:key|token|password|pass|secret)=)[^&\s]+/gi, "$1***")
    .slice(0, 300);
}

/** The owner's reading of a handler's error text (app/server/quotes/trello.server.ts, mail.server.ts). */
export function ownerReason(kind: string, error: string): string {
  const board = kind === "trello_card";
  const push = kind.startsWith("push_");
  const service = board ? "El tablero de tareas" : push ? "El servicio de avisos del navegador" : "El servidor de correo";
  // Already written for the owner (outbox-handlers.server.ts: a send cut off mid-way).
  if (error.startsWith("Un intento anterior")) return error;
  if (/^sin manejador/.test(error)) return "Este tipo de entrega no tiene quien la envíe en esta versión de la tienda.";
  if (/no es una solicitud de contacto válida/.test(error)) return "Los datos de la entrega están dañados y no se pueden enviar.";
  const status = httpStatus(error);
  if (push && rejectedCredentials(error)) return "El servicio de avisos no acepta la clave VAPID de la tienda: ese dispositivo debe activar los avisos otra vez.";
  if (rejectedCredentials(error)) {
    return board
      ? "El tablero de tareas ya no acepta la clave de acceso de la tienda: quien mantiene la tienda debe renovarla."
      : "El servidor de correo no acepta el usuario o la contraseña de la tienda: quien mantiene la tienda debe corregirlos.";
  }
  if (board && status === "404") return "El tablero de tareas no encuentra la lista donde se crean las tarjetas: quizá se borró o se movió.";
  if (status === "429") return `${service} pidió esperar (demasiadas peticiones seguidas).`;
  if (status && status.startsWith("5")) return `${service} tuvo un fallo interno (HTTP ${status}).`;
  if (status && status.startsWith("4")) return `${service} rechazó la entrega (HTTP ${status}).`;
  if (/sin respuesta|timeout|ETIMEDOUT/i.test(error)) return `${service} no respondió a tiempo.`;
  if (/ECONNREFUSED|ENOTFOUND|EAI_AGAIN|EHOSTUNREACH|ENETUNREACH|ECONNRESET/.test(error)) return `No se pudo conectar con ${board ? "el tablero de tareas" : push ? "el servicio de avisos del navegador" : "el servidor de correo"}.`;
  if (/^SMTP: .*\b5\d\d\b/.test(error)) return "El servidor de correo rechazó el mensaje.";
  return `${service} no aceptó la entrega.`;
}

/** The HTTP status a handler's error text carries ("Trello crear tarjeta: HTTP 401 ..."), if any. */
function httpStatus(error: string): string | undefined {
  return /HTTP (\d{3})/.exec(error)?.[1];
}

function rejectedCredentials(error: string): boolean {
  const status = httpStatus(error);
  return status === "401" || status === "403" || /\b(535|EAUTH|Invalid login)\b/i.test(error);
}

function skippedReason(kind: string): string {
  return kind === "trello_card"
    ? "La tienda no está conectada a un tablero de tareas: la solicitud llegó solo por e-mail."
    : "El servicio de esta entrega no está conectado.";
}

/**
 * The settings (README, configuration) behind a skipped or failed delivery, for whoever
 * maintains the shop: the owner reads `reason`, never a variable's name (issue 30).
 */
export function settingsHint(kind: string, status: DeliveryRow["status"], error: string | null): string | null {
  const board = kind === "trello_card";
  if (status === "skipped") return board ? "Sin TRELLO_KEY, TRELLO_TOKEN y TRELLO_LIST_ID." : null;
  if (!error) return null;
  if (rejectedCredentials(error)) return board ? "Revise TRELLO_KEY y TRELLO_TOKEN." : "Revise el usuario y la contraseña de SMTP_URL.";
  if (board && httpStatus(error) === "404") return "Revise TRELLO_LIST_ID.";
  return null;
}

export function deliveryView(row: DeliveryRow): DeliveryView {
  const base = { id: row.id, kindLabel: deliveryKindLabel(row.kind), attempts: row.attempts, canRetry: false };
  const hint = settingsHint(row.kind, row.status, row.lastError);
  const technical = [hint, row.lastError ? scrubSecrets(row.lastError) : null].filter(Boolean).join(" ") || null;
  switch (row.status) {
    case "done":
      return { ...base, state: "enviado", at: row.sentAt ?? row.updatedAt, reason: null, technical: null };
    case "skipped":
      return { ...base, state: "omitido", at: row.updatedAt, reason: skippedReason(row.kind), technical };
    case "failed":
      return {
        ...base,
        state: "fallido",
        at: row.updatedAt,
        reason: ownerReason(row.kind, row.lastError ?? ""),
        technical,
        canRetry: true,
      };
    case "pending":
      // Not tried yet (just asked for, or put back by the owner), or waiting for its next try.
      return row.attempts === 0 && !row.lastError
        ? { ...base, state: "en cola", at: row.nextAttemptAt, reason: null, technical: null }
        : {
            ...base,
            state: "reintentando",
            at: row.nextAttemptAt,
            reason: row.lastError ? ownerReason(row.kind, row.lastError) : null,
            technical,
          };
  }
}

/** The one badge a row of the inbox shows: the worst of its deliveries. */
export function worstDeliveryState(states: readonly DeliveryState[]): DeliveryState | null {
  const order: DeliveryState[] = ["fallido", "reintentando", "en cola", "omitido", "enviado"];
  return order.find((state) => states.includes(state)) ?? null;
}
