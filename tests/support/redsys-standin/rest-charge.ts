import { newAuthorisationCode, PAID } from "./notification";
import type { Accepted } from "./request-checks";
import { signFields, type SignedFields } from "./signature";
import type { ChargeMode, StandInState, StoredCard } from "./state";
import { COF_TYPES, type CofRefusal } from "./stored-cards";

/*
 * A charge to a stored card without the customer (MIT, issue 31) on the REST entry:
 * transaction type 0 with the reference Redsys gave on the first payment. Checked as Redsys
 * documents it, and stricter where noted: the reference must be this merchant's, COF_INI=N,
 * a COF_TYPE, the MIT exemption with the first payment's COF_TXNID, DIRECTPAYMENT=true (no
 * one is there to authenticate) and an order code never used. The mode decides the issuer's
 * answer; an authorised charge can then be refunded like any payment.
 */

export const CHARGE_RESPONSES: Record<ChargeMode, string> = { accept: PAID, deny: "0190", insufficient: "0116", expired: "0101" };

/** DS_MERCHANT_EXCEP_SCA values Redsys publishes. */
const EXEMPTIONS = ["LWV", "TRA", "COR", "MIT", "ATD"];
const STRICTER = " (comprobación del simulador)";

function chargeRefusal(state: StandInState, { order, field }: Accepted): CofRefusal | { card: StoredCard } {
  const identifier = field("DS_MERCHANT_IDENTIFIER") ?? "";
  if (identifier.toUpperCase() === "REQUIRED") return { code: "SIS0186", detail: `pedir una referencia por REST exige los datos de la tarjeta; el simulador solo la crea en la redirección${STRICTER}` };
  if (identifier.length > 40) return { code: "SIS0541" };
  const card = state.storedCards.get(identifier);
  if (!card || card.merchantCode !== state.config.merchantCode) return { code: "SIS0466" };
  if (field("DS_MERCHANT_COF_INI") !== "N") return { code: "SIS0186", detail: `un cobro con una tarjeta ya guardada lleva DS_MERCHANT_COF_INI=N${STRICTER}` };
  const cofType = field("DS_MERCHANT_COF_TYPE");
  if (!cofType) return { code: "SIS0186", detail: `falta DS_MERCHANT_COF_TYPE${STRICTER}` };
  if (!COF_TYPES.includes(cofType)) return { code: "SIS0802" };
  const exemption = field("DS_MERCHANT_EXCEP_SCA");
  if (exemption !== undefined && !EXEMPTIONS.includes(exemption)) return { code: "SIS0616" };
  if (exemption !== "MIT") return { code: "SIS0651", detail: `sin el titular presente, el cobro necesita DS_MERCHANT_EXCEP_SCA=MIT${STRICTER}` };
  const txnId = field("DS_MERCHANT_COF_TXNID");
  if (!txnId) return { code: "SIS0617" };
  if (txnId !== card.cofTxnId) return { code: "SIS0296", detail: "DS_MERCHANT_COF_TXNID no es el de la operación que guardó la tarjeta" };
  if (field("DS_MERCHANT_DIRECTPAYMENT")?.toLowerCase() !== "true") {
    return { code: "SIS0651", detail: `sin DS_MERCHANT_DIRECTPAYMENT=true el TPV pediría autenticar a un titular que no está${STRICTER}` };
  }
  if (state.operations.has(order)) return { code: "SIS0051" };
  return { card };
}

/** The charge's outcome: a SIS refusal, or the signed answer (authorised or denied by the mode). */
export function chargeStoredCard(state: StandInState, checked: Accepted): CofRefusal | { responseCode: string; answer: SignedFields } {
  const checkedCard = chargeRefusal(state, checked);
  if (!("card" in checkedCard)) return checkedCard;
  const { card } = checkedCard;
  const { order, amount } = checked;
  const responseCode = CHARGE_RESPONSES[state.mode.charge];
  const authorised = responseCode === PAID;
  state.operations.set(order, { order, amount, method: "tarjeta", state: authorised ? "paid" : "denied", refunded: 0 });
  const parameters = {
    Ds_Amount: String(amount),
    Ds_Currency: "978",
    Ds_Order: order,
    Ds_MerchantCode: state.config.merchantCode,
    Ds_Terminal: String(Number(state.config.terminal)),
    Ds_Response: responseCode,
    Ds_AuthorisationCode: authorised ? newAuthorisationCode() : "",
    Ds_TransactionType: "0",
    Ds_SecurePayment: "0",
    Ds_Language: "1",
    Ds_CardNumber: card.maskedNumber,
    Ds_Merchant_Identifier: card.identifier,
    Ds_MerchantData: "",
    Ds_Card_Country: "724",
    Ds_Card_Brand: "1",
  };
  return { responseCode, answer: signFields(state.config.secretKey, order, parameters, false) };
}
