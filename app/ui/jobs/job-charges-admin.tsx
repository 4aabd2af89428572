import { Form, useNavigation } from "react-router";
import { Price } from "../price";

/*
 * A job's charges on its back-office page (issue 17): the deposit and the final balance, what
 * state each is in and how it was paid, its invoice (the PDF), and per pending charge
 * "Registrar transferencia" (date and bank reference). A charge whose invoice waits for the
 * customer's NIF offers "Emitir la factura" with it. Plain forms: they work without JavaScript.
 */

export type AdminCharge = {
  id: number;
  label: string;
  amountCents: number;
  state: string;
  dueOn: string | null;
  overdue: boolean;
  paid: string | null;
  invoiceNumber: string | null;
  invoiceMissing: boolean;
  rectifying: string[];
};

export type ChargeReply = { ok: false; intent: string; chargeId: number; error: string; fields: Record<string, string> } | undefined;

const STATE_LABELS: Record<string, string> = { pendiente: "Pendiente", pagado: "Pagado", anulado: "Anulado" };

function fieldError(reply: ChargeReply, chargeId: number, intent: string, field: string): string | undefined {
  return reply && reply.chargeId === chargeId && reply.intent === intent ? (reply.fields[field] ?? (field === "form" ? reply.error : undefined)) : undefined;
}

function TransferForm({ charge, today, reply }: { charge: AdminCharge; today: string; reply: ChargeReply }) {
  const busy = useNavigation().state === "submitting";
  const id = (field: string) => `cobro-${charge.id}-${field}`;
  const err = (field: string) => fieldError(reply, charge.id, "transfer", field);
  return (
    <details className="admin-form" open={Boolean(reply && reply.chargeId === charge.id && reply.intent === "transfer")}>
      <summary>Registrar transferencia ({charge.label.toLowerCase()})</summary>
      <Form method="post" noValidate>
        <input type="hidden" name="intent" value="transfer" />
        <input type="hidden" name="chargeId" value={charge.id} />
        <div className="field-row">
          <div className="field">
            <label htmlFor={id("paidOn")}>Fecha de la transferencia</label>
            <input id={id("paidOn")} name="paidOn" type="date" required defaultValue={today} max={today} aria-invalid={err("paidOn") ? true : undefined} />
            {err("paidOn") ? <p className="field-error">{err("paidOn")}</p> : null}
          </div>
          <div className="field">
            <label htmlFor={id("reference")}>Referencia del banco</label>
            <input id={id("reference")} name="reference" required maxLength={100} aria-invalid={err("reference") ? true : undefined} />
            {err("reference") ? <p className="field-error">{err("reference")}</p> : null}
          </div>
        </div>
        {err("form") ? (
          <p className="form-error" role="alert">
            {err("form")}
          </p>
        ) : null}
        <button type="submit" className="button" disabled={busy}>
          Marcar como pagado · <Price cents={charge.amountCents} />
        </button>
      </Form>
    </details>
  );
}

function InvoiceForm({ charge, nif, reply }: { charge: AdminCharge; nif: string; reply: ChargeReply }) {
  const busy = useNavigation().state === "submitting";
  const err = fieldError(reply, charge.id, "invoice", "nif") ?? fieldError(reply, charge.id, "invoice", "form");
  const inputId = `cobro-${charge.id}-nif`;
  return (
    <Form method="post" noValidate className="admin-form">
      <input type="hidden" name="intent" value="invoice" />
      <input type="hidden" name="chargeId" value={charge.id} />
      <p className="admin-warning">La factura de este cobro espera el NIF del cliente.</p>
      <div className="field">
        <label htmlFor={inputId}>NIF del cliente</label>
        <input id={inputId} name="nif" required maxLength={20} defaultValue={nif} aria-invalid={err ? true : undefined} />
        {err ? <p className="field-error">{err}</p> : null}
      </div>
      <button type="submit" className="button" disabled={busy}>
        Emitir la factura
      </button>
    </Form>
  );
}

export function JobChargesAdmin({ charges, today, nif, reply }: { charges: AdminCharge[]; today: string; nif: string; reply: ChargeReply }) {
  return (
    <section className="admin-section" aria-labelledby="trabajo-cobros">
      <h2 id="trabajo-cobros">Cobros</h2>
      {charges.length === 0 ? (
        <p className="admin-muted">Sin cobros: el presupuesto no pide señal y el trabajo aún no tiene factura final.</p>
      ) : (
        <div className="admin-table-wrap">
          <table className="admin-table stack">
            <thead>
              <tr>
                <th scope="col">Concepto</th>
                <th scope="col" className="num">
                  Importe
                </th>
                <th scope="col">Estado</th>
                <th scope="col">Plazo</th>
                <th scope="col">Pago</th>
                <th scope="col">Factura</th>
              </tr>
            </thead>
            <tbody>
              {charges.map((charge) => (
                <tr key={charge.id}>
                  <td data-label="Concepto">{charge.label}</td>
                  <td data-label="Importe" className="num">
                    <Price cents={charge.amountCents} />
                  </td>
                  <td data-label="Estado">{STATE_LABELS[charge.state] ?? charge.state}</td>
                  <td data-label="Plazo">{charge.dueOn ? `${charge.dueOn}${charge.overdue ? " (vencido)" : ""}` : "—"}</td>
                  <td data-label="Pago">{charge.paid ?? "—"}</td>
                  <td data-label="Factura">
                    {charge.invoiceNumber ? (
                      <span>
                        {[charge.invoiceNumber, ...charge.rectifying].map((number, index) => (
                          <span key={number}>
                            {index > 0 ? ", rectificada en " : null}
                            <a href={`/admin/facturas/${encodeURIComponent(number)}/pdf`} aria-label={`${number}, PDF`}>
                              {number}
                            </a>
                          </span>
                        ))}
                      </span>
                    ) : (
                      "—"
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {charges.map((charge) =>
        charge.state === "pendiente" ? <TransferForm key={`t${charge.id}`} charge={charge} today={today} reply={reply} /> : null,
      )}
      {charges.map((charge) => (charge.invoiceMissing ? <InvoiceForm key={`f${charge.id}`} charge={charge} nif={nif} reply={reply} /> : null))}
    </section>
  );
}
