import { formatEuros } from "~/domain/money";
import type { RefundView } from "../orders/order-payments";

/** What became of the refund just made (or settled), read from its row after the redirect: done, refused, or awaiting a check at the bank. */
export function RefundDone({ refund }: { refund: RefundView }) {
  const amount = formatEuros(refund.amountCents);
  if (refund.state === "hecho") {
    return (
      <p role="status" className="form-ok admin-done">
        {refund.means === "Transferencia" ? `Reembolso por transferencia de ${amount} registrado.` : `Reembolso de ${amount} hecho por Redsys.`} Se ha avisado al cliente por e-mail.
      </p>
    );
  }
  return (
    <p role="alert" className="form-error admin-done">
      {refund.state === "rechazado" ? `Reembolso de ${amount} no hecho: ${refund.response ?? "rechazado"}. No se ha devuelto nada.` : `Reembolso de ${amount}: ${refund.response ?? "sin respuesta de Redsys"}.`}
    </p>
  );
}
