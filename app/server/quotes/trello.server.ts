import { z } from "zod";
import { hasCardMarker, taskCardDesc, taskCardName, type ContactRequestSummary } from "~/domain/quotes/task-card";
import { trelloConfig } from "../config.server";
import { DeliveryError, type Handler } from "../outbox.server";

/*
 * The task-board card of a contact request (spec section 7, "Task card"), sent from the
 * outbox. Key and token travel as query parameters, as Trello wants them; they are never
 * logged: error messages name the operation and the status, not the URL.
 */

export const TRELLO_TIMEOUT_MS = 10_000;

const payloadSchema = z.object({
  requestId: z.number().int(),
  name: z.string(),
  phone: z.string(),
  email: z.string(),
  address: z.string(),
  town: z.string(),
  message: z.string(),
  product: z.object({ brand: z.string(), model: z.string(), url: z.string() }).nullable(),
  sourceUrl: z.string(),
});

export type TrelloCardPayload = ContactRequestSummary;

type Board = NonNullable<ReturnType<typeof trelloConfig>>;

function endpoint(board: Board, path: string, params: Record<string, string>): string {
  const query = new URLSearchParams({ ...params, key: board.key, token: board.token });
  return `${board.apiUrl}${path}?${query}`;
}

/** Error texts end up in logs and in the outbox: whatever they quote, never the credentials. */
function scrub(board: Board, text: string): string {
  return text.replaceAll(board.key, "***").replaceAll(board.token, "***");
}

/**
 * 429 (Trello: 100 requests per 10 s per token, no Retry-After) and 5xx may pass; other 4xx
 * will not. A 4xx (429 included) is a refusal: no card was made. A 5xx may have made one.
 */
async function failure(board: Board, what: string, response: Response): Promise<DeliveryError> {
  const detail = (await response.text().catch(() => "")).replace(/\s+/g, " ").trim().slice(0, 200);
  const retryable = response.status === 429 || response.status >= 500;
  const notSent = response.status >= 400 && response.status < 500;
  return new DeliveryError(scrub(board, `Trello ${what}: HTTP ${response.status}${detail ? ` ${detail}` : ""}`), retryable, { notSent });
}

async function call(board: Board, what: string, url: string, init: RequestInit, timeoutMs: number, stop: AbortSignal): Promise<Response> {
  // Not AbortSignal.any([AbortSignal.timeout(), stop]): on Node 20.20 a garbage collection drops
  // the timeout signal (its timer and the combined signal hold it only weakly), and a call that
  // never answers then waits forever (found by npm run soak). A controller and a timer held here
  // always fire; the timer also bounds reading the body after this returns, as before.
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(new DOMException("timeout", "TimeoutError")), timeoutMs);
  timer.unref();
  const onStop = () => controller.abort(stop.reason);
  if (stop.aborted) onStop();
  else stop.addEventListener("abort", onStop, { once: true });
  try {
    return await fetch(url, { ...init, signal: controller.signal });
  } catch (error) {
    clearTimeout(timer);
    // The outbox called the attempt off (claim lost, deadline): its reason, not a Trello error.
    if (stop.aborted) throw stop.reason;
    const name = (error as Error).name;
    const reason =
      name === "TimeoutError" || name === "AbortError"
        ? `sin respuesta en ${timeoutMs / 1000} s`
        : // undici puts the useful part (ECONNREFUSED, ENOTFOUND...) in the cause.
          String(
            (error as { cause?: { code?: string; message?: string } }).cause?.code ??
              (error as { cause?: { message?: string } }).cause?.message ??
              (error as Error).message,
          );
    // The cause is not kept: a URL in it would carry the key and the token.
    throw new DeliveryError(scrub(board, `Trello ${what}: ${reason}`), true);
  }
}

/** After a crash between the POST and the bookkeeping, the card may already be there. */
async function cardAlreadyPosted(board: Board, outboxId: number, timeoutMs: number, stop: AbortSignal): Promise<boolean> {
  const url = endpoint(board, `/1/lists/${encodeURIComponent(board.listId)}/cards`, { fields: "desc" });
  const response = await call(board, "buscar tarjeta", url, { headers: { Accept: "application/json" } }, timeoutMs, stop);
  if (!response.ok) throw await failure(board, "buscar tarjeta", response);
  const cards = (await response.json().catch(() => [])) as unknown;
  return (
    Array.isArray(cards) &&
    cards.some((card: { desc?: unknown }) => typeof card?.desc === "string" && hasCardMarker(card.desc, outboxId))
  );
}

/**
 * The outbox handler of "trello_card" entries; "skipped" while the board is not configured.
 * At most two calls of TRELLO_TIMEOUT_MS each: well inside the outbox lease.
 */
export function trelloCardHandler({ timeoutMs = TRELLO_TIMEOUT_MS } = {}): Handler {
  return async (entry, context) => {
    const board = trelloConfig();
    if (!board) return "skipped";
    const parsed = payloadSchema.safeParse(entry.payload);
    if (!parsed.success) throw new DeliveryError("Trello: la entrada no es una solicitud de contacto válida", false);
    const request = parsed.data;

    // Only an earlier post that may have gone through (no answer, a 5xx) needs the look-up; a
    // look-up on every retry doubled the calls, and with them the failures, of a flaky board.
    if (context.interruptedSend && (await cardAlreadyPosted(board, entry.id, timeoutMs, context.signal))) return;

    const body = { name: taskCardName(request), desc: taskCardDesc(request, entry.id), idList: board.listId };
    const url = endpoint(board, "/1/cards", { idList: board.listId });
    await context.sending();
    const response = await call(
      board,
      "crear tarjeta",
      url,
      { method: "POST", headers: { "Content-Type": "application/json", Accept: "application/json" }, body: JSON.stringify(body) },
      timeoutMs,
      context.signal,
    );
    if (!response.ok) throw await failure(board, "crear tarjeta", response);
    await context.sent();
    await response.body?.cancel().catch(() => {});
  };
}

/** One start-up line: whether contact requests also become cards. */
export function describeTaskBoard(): string {
  return trelloConfig()
    ? "[trello] tablero de tareas activo: cada solicitud de contacto crea una tarjeta"
    : "[trello] tablero de tareas desactivado (faltan TRELLO_KEY, TRELLO_TOKEN y TRELLO_LIST_ID): las solicitudes se guardan y se envían por e-mail, sin tarjeta";
}
