import express, { type Request, type Response, type Router } from "express";
import { formatEuros } from "~/domain/money";
import { escapeHtml, page } from "./html";
import { CHARGE_LABELS, parseModeChange } from "./mode";
import { deliverHeld } from "./notification";
import type { StandInState } from "./state";

/*
 * The control interface, for tests over HTTP and for the owner in a browser (GET /control,
 * plain forms): the log, the mode, and delivering held notifications. The log never holds
 * the secret key (entries carry order, amount, method and codes only).
 */

/** A browser (the control page's forms) is sent back to the page; a test's fetch gets JSON. */
const wantsHtml = (req: Request) => req.accepts(["json", "html"]) === "html";

const clock = new Intl.DateTimeFormat("es-ES", { timeZone: "Europe/Madrid", timeStyle: "medium" });

export function controlRouter(state: StandInState): Router {
  const router = express.Router();

  router.get("/control/log", (_req, res) => {
    res.json(state.entries);
  });

  router.post("/control/mode", (req: Request, res: Response) => {
    const parsed = parseModeChange(req.body);
    if (!parsed.ok) return res.status(400).json({ error: parsed.message });
    Object.assign(state.mode, parsed.change);
    if (wantsHtml(req)) return res.redirect(303, "/control");
    res.json(state.mode);
  });

  router.post("/control/deliver", async (req: Request, res: Response) => {
    const delivered = await deliverHeld(state);
    if (wantsHtml(req)) return res.redirect(303, "/control");
    res.json({ delivered });
  });

  router.get("/control", (_req, res) => {
    res.set({ "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store" }).send(controlPage(state));
  });

  return router;
}

function option(value: string, label: string, current: string): string {
  return `<option value="${value}"${value === current ? " selected" : ""}>${escapeHtml(label)}</option>`;
}

function controlPage(state: StandInState): string {
  const { mode } = state;
  const rows = state.entries
    .slice(-100)
    .reverse()
    .map((e) => `<tr><td>${escapeHtml(clock.format(new Date(e.at)))}</td><td>${escapeHtml(e.kind)}</td><td>${escapeHtml(e.order ?? "")}</td><td>${e.amount === undefined ? "" : escapeHtml(formatEuros(e.amount))}</td><td>${escapeHtml(e.code ?? "")}</td><td>${escapeHtml(e.shopStatus ?? e.error ?? e.notification ?? "")}</td></tr>`)
    .join("\n");
  return page(
    "Control del simulador · Redsys",
    `<section aria-labelledby="titulo">
<h1 id="titulo">Control del simulador</h1>
<form method="post" action="/control/mode">
<label for="notification">Notificación a la tienda</label>
<select id="notification" name="notification">
${option("send", "Enviar al momento", mode.notification)}${option("delay", "Retrasar", mode.notification)}${option("repeat", "Repetir", mode.notification)}${option("drop", "Perder", mode.notification)}${option("hold", "Retener hasta entregarla", mode.notification)}
</select>
<label for="delayMs">Retraso (ms)</label><input id="delayMs" name="delayMs" inputmode="numeric" value="${mode.delayMs}">
<label for="repeat">Repeticiones</label><input id="repeat" name="repeat" inputmode="numeric" value="${mode.repeat}">
<label for="refund">Devoluciones</label>
<select id="refund" name="refund">
${option("accept", "Aceptar (0900)", mode.refund)}${option("deny", "Denegar (0950)", mode.refund)}${option("error", "Error SIS0057", mode.refund)}
</select>
<label for="charge">Cobros con tarjeta guardada</label>
<select id="charge" name="charge">
${Object.entries(CHARGE_LABELS).map(([value, label]) => option(value, label[0]!.toUpperCase() + label.slice(1), mode.charge)).join("")}
</select>
<p><button class="pagar" type="submit">Guardar modo</button></p>
</form>
<form method="post" action="/control/deliver"><p><button type="submit">Entregar notificaciones retenidas (${state.held.length})</button></p></form>
<h2>Registro</h2>
<table><thead><tr><th>Hora</th><th>Qué</th><th>Pedido</th><th>Importe</th><th>Código</th><th>Tienda / nota</th></tr></thead>
<tbody>${rows}</tbody></table>
</section>`,
    true,
  );
}
