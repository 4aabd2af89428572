import { randomBytes } from "node:crypto";
import type { Request, Response } from "express";
import { errorPage, paymentPage } from "./html";
import { buildNotification, dispatchNotification } from "./notification";
import { absoluteHttpUrl, checkSignedRequest, type Refused } from "./request-checks";
import { SIS_MESSAGES, type SisCode } from "./sis-codes";
import type { Method, StandInState } from "./state";
import { firstPaymentCofRefusal } from "./stored-cards";

/*
 * The redirection interface: the shop's browser form arrives at /sis/realizarPago; a valid
 * request gets a payment page with "Pagar" and "Denegar"; the decision notifies the shop
 * and sends the browser back to URLOK or URLKO with the signed result in the query.
 */

function sendHtml(res: Response, status: number, html: string) {
  res.status(status).set({ "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store" }).send(html);
}

/** Redsys answers a refused request with its error page and status 200. */
function refuse(state: StandInState, res: Response, refusal: Omit<Refused, "ok">) {
  const message = SIS_MESSAGES[refusal.code];
  state.record({ kind: "payment-error", order: refusal.order, amount: refusal.amount, code: refusal.code, error: refusal.detail ? `${message} (${refusal.detail})` : message });
  sendHtml(res, 200, errorPage(refusal.code, message, refusal.detail));
}

const PAY_METHODS: Record<string, Method> = { "": "tarjeta", C: "tarjeta", z: "bizum" };

export function realizarPago(state: StandInState) {
  return (req: Request, res: Response) => {
    const checked = checkSignedRequest(req.body, state.config, ["0"]);
    if (!checked.ok) return refuse(state, res, checked);
    const { order, amount, field } = checked;
    const stricter = (code: SisCode, detail: string) => refuse(state, res, { code, order, amount, detail: `${detail} (comprobación del simulador)` });

    const urls = { merchantUrl: "DS_MERCHANT_MERCHANTURL", urlOk: "DS_MERCHANT_URLOK", urlKo: "DS_MERCHANT_URLKO" } as const;
    for (const name of Object.values(urls)) {
      if (!absoluteHttpUrl(field(name))) return stricter("SIS0431", `${name} debe ser una dirección http(s) completa`);
    }
    const method = PAY_METHODS[field("DS_MERCHANT_PAYMETHODS") ?? ""];
    if (!method) return stricter("SIS0031", "DS_MERCHANT_PAYMETHODS: el simulador admite «C» (tarjeta) o «z» (Bizum)");
    const cof = firstPaymentCofRefusal(field, method);
    if (cof) return cof.detail ? stricter(cof.code, cof.detail) : refuse(state, res, { code: cof.code, order, amount });
    if (state.operations.has(order)) return refuse(state, res, { code: "SIS0051", order, amount });

    const id = randomBytes(16).toString("hex");
    state.operations.set(order, { order, amount, method, state: "presented", refunded: 0 });
    state.sessions.set(id, {
      id,
      order,
      amount,
      method,
      merchantName: field("DS_MERCHANT_MERCHANTNAME") ?? "",
      description: field("DS_MERCHANT_PRODUCTDESCRIPTION") ?? "",
      merchantUrl: field(urls.merchantUrl)!,
      urlOk: field(urls.urlOk)!,
      urlKo: field(urls.urlKo)!,
      merchantData: field("DS_MERCHANT_MERCHANTDATA") ?? "",
      storeCard: field("DS_MERCHANT_IDENTIFIER") !== undefined,
      decided: false,
    });
    state.record({ kind: "payment-form", order, amount, method });
    sendHtml(res, 200, paymentPage({ sessionId: id, order, amount, method, merchantName: field("DS_MERCHANT_MERCHANTNAME") ?? "", description: field("DS_MERCHANT_PRODUCTDESCRIPTION") ?? "" }));
  };
}

export function decidir(state: StandInState) {
  return async (req: Request<{ session: string }>, res: Response) => {
    const session = state.sessions.get(req.params.session);
    if (!session) return sendHtml(res, 404, errorPage("SIS0081", "La sesión de pago no existe o ha caducado"));
    const decision = (req.body as Record<string, unknown> | undefined)?.decision;
    if (decision !== "pagar" && decision !== "denegar") {
      return sendHtml(res, 400, errorPage("SIS0007", "Elija «Pagar» o «Denegar»"));
    }
    if (session.decided) {
      state.record({ kind: "payment-error", order: session.order, amount: session.amount, method: session.method, code: "SIS0051", error: "la operación ya se había resuelto" });
      return sendHtml(res, 200, errorPage("SIS0051", SIS_MESSAGES.SIS0051, "esta operación ya se resolvió"));
    }
    session.decided = true;
    const paid = decision === "pagar";
    const operation = state.operations.get(session.order);
    if (operation) operation.state = paid ? "paid" : "denied";

    const pending = buildNotification(state, session, paid);
    state.record({ kind: "decision", order: session.order, amount: session.amount, method: session.method, code: pending.responseCode, notification: state.mode.notification });
    await dispatchNotification(state, pending);

    const back = new URL(paid ? session.urlOk : session.urlKo);
    for (const [name, value] of Object.entries(pending.fields)) back.searchParams.append(name, value);
    res.redirect(303, back.toString());
  };
}
