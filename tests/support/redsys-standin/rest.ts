import type { Request, Response } from "express";
import { newAuthorisationCode } from "./notification";
import { checkSignedRequest } from "./request-checks";
import { chargeStoredCard } from "./rest-charge";
import { signFields } from "./signature";
import { SIS_MESSAGES, type SisCode } from "./sis-codes";
import type { StandInState } from "./state";

/*
 * Redsys's REST entry for refunds (transaction type 3) and, since issue 31, for charges to a
 * stored card (type 0 with DS_MERCHANT_IDENTIFIER, rest-charge.ts). It always answers 200 with JSON:
 * {"errorCode": "SISxxxx"} when it refuses the request itself, or a signed answer whose
 * Ds_Response says what happened (0900 accepted, 0950 refund not allowed). It refunds only
 * operations it authorised, and never more than was paid less what went back already.
 */

export const REFUND_ACCEPTED = "0900";
export const REFUND_DENIED = "0950";

function answerParameters(state: StandInState, order: string, amount: number, responseCode: string): Record<string, string> {
  return {
    Ds_Amount: String(amount),
    Ds_Currency: "978",
    Ds_Order: order,
    Ds_MerchantCode: state.config.merchantCode,
    Ds_Terminal: String(Number(state.config.terminal)),
    Ds_Response: responseCode,
    Ds_AuthorisationCode: responseCode === REFUND_ACCEPTED ? newAuthorisationCode() : "",
    Ds_TransactionType: "3",
    Ds_SecurePayment: "0",
    Ds_Language: "1",
    Ds_MerchantData: "",
    Ds_Card_Country: "724",
  };
}

export function trataPeticionRest(state: StandInState) {
  return (req: Request, res: Response) => {
    const checked = checkSignedRequest(req.body, state.config, ["3", "0"]);
    // A type-0 request with a reference is a charge; anything else is logged as a refund, as before.
    const kind = checked.field?.("DS_MERCHANT_TRANSACTIONTYPE") === "0" && checked.field("DS_MERCHANT_IDENTIFIER") ? "charge" : "refund";
    const error = (code: SisCode, order?: string, amount?: number, detail?: string) => {
      state.record({ kind, order, amount, code, error: detail ? `${SIS_MESSAGES[code]} (${detail})` : SIS_MESSAGES[code] });
      res.status(200).json({ errorCode: code });
    };
    if (!checked.ok) return error(checked.code, checked.order, checked.amount, checked.detail);
    const { order, amount, field } = checked;

    if (kind === "charge") {
      const charged = chargeStoredCard(state, checked);
      if (!("answer" in charged)) return error(charged.code, order, amount, charged.detail);
      state.record({ kind, order, amount, method: "tarjeta", code: charged.responseCode });
      return res.status(200).json(charged.answer);
    }
    if (field("DS_MERCHANT_TRANSACTIONTYPE") !== "3") {
      return error("SIS0023", order, amount, "por REST el simulador admite devoluciones (3) y cobros con tarjeta guardada (0 con DS_MERCHANT_IDENTIFIER)");
    }

    const operation = state.operations.get(order);
    if (!operation || operation.state === "presented") return error("SIS0054", order, amount);
    if (operation.state !== "paid") return error("SIS0056", order, amount);
    if (amount > operation.amount - operation.refunded) {
      return error("SIS0057", order, amount, `quedan ${operation.amount - operation.refunded} céntimos por devolver`);
    }
    if (state.mode.refund === "error") return error("SIS0057", order, amount, "modo «error» del simulador");

    const responseCode = state.mode.refund === "accept" ? REFUND_ACCEPTED : REFUND_DENIED;
    if (responseCode === REFUND_ACCEPTED) operation.refunded += amount;
    state.record({ kind: "refund", order, amount, method: operation.method, code: responseCode });
    res.status(200).json(signFields(state.config.secretKey, order, answerParameters(state, order, amount, responseCode), false));
  };
}
