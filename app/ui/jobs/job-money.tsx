import { Form, useNavigation } from "react-router";
import { Price } from "../price";

/*
 * A job's money on the customer's page, the quote's (issue 17) or the breakdown's (issue 31):
 * the deposit or the final balance to pay now, by card or Bizum (plain forms posting to the
 * page's action, so they work without JavaScript; only when Redsys is set up) or by transfer
 * (the details to copy), then what was paid, the invoices and the signed report to download.
 */

type Charge = {
  id: number;
  kind: "senal" | "final";
  label: string;
  /** "pagada" (la señal) or "pagado". */
  paidWord: string;
  amountCents: number;
  state: string;
  dueOn: string | null;
  paidOn: string | null;
  payMethod: string | null;
  invoiceNumber: string | null;
  refundedCents: number;
};

export type JobMoneyView = {
  charges: Charge[];
  due: (Charge & { last: { state: string; meaning: string | null; at: string; method: string } | null; released: boolean }) | null;
  online: boolean;
  transfer: { holder: string; iban: string; concept: string };
  invoices: { number: string; label: string; totalCents: number; issuedOn: string }[];
  reportSigned: boolean;
};

function DuePayment({ money, error, repair }: { money: JobMoneyView; error?: string; repair: boolean }) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const due = money.due!;
  const what = due.label;
  return (
    <section className="order-transfer quote-money" aria-labelledby="pago-pendiente">
      <h2 id="pago-pendiente">{what} pendiente</h2>
      <p>
        Importe: <strong><Price cents={due.amountCents} /></strong>
        {due.dueOn ? ` · a pagar antes del ${due.dueOn}` : ""}
      </p>
      {due.kind === "final" && !repair ? <p>El trabajo está terminado: es lo que queda por pagar, con la señal ya descontada.</p> : null}
      {due.kind === "final" && repair ? <p>La reparación está terminada: es su importe, el que aceptó al firmar el parte.</p> : null}
      {due.last?.state === "denegado" ? (
        <p className="form-error notice" role="alert">
          El último intento de pago ({due.last.method.toLowerCase()}, {due.last.at}) no se completó: {due.last.meaning ?? "operación denegada"}. No se le ha cobrado nada.
        </p>
      ) : null}
      {due.last?.state === "pendiente" ? <p>Si ya ha pagado, el banco nos confirmará el pago en unos minutos y lo verá aquí. Si no llegó a pagar, puede intentarlo de nuevo.</p> : null}
      {due.released ? <p>El plazo de la señal terminó y los equipos que le guardábamos volvieron al almacén: al pagarla los reservamos de nuevo si quedan.</p> : null}
      {error ? (
        <p className="form-error notice" role="alert">
          {error}
        </p>
      ) : null}
      {money.online ? (
        <div className="pay-again">
          {(["tarjeta", "bizum"] as const).map((method) => (
            <Form method="post" key={method}>
              <input type="hidden" name="intent" value="pagar" />
              <input type="hidden" name="cargo" value={due.id} />
              <input type="hidden" name="metodo" value={method} />
              <button type="submit" className="button button-accent" disabled={busy}>
                {method === "tarjeta" ? "Pagar con tarjeta" : "Pagar con Bizum"}
              </button>
            </Form>
          ))}
        </div>
      ) : null}
      <h3>{money.online ? "O por transferencia" : "Por transferencia"}</h3>
      <dl>
        <div>
          <dt>Titular</dt>
          <dd>{money.transfer.holder}</dd>
        </div>
        <div>
          <dt>IBAN</dt>
          <dd className="order-iban">{money.transfer.iban}</dd>
        </div>
        <div>
          <dt>Importe</dt>
          <dd>
            <Price cents={due.amountCents} />
          </dd>
        </div>
        <div>
          <dt>Concepto</dt>
          <dd>{money.transfer.concept}</dd>
        </div>
      </dl>
      <p>Ponga {repair ? "la referencia de la avería" : "el número del presupuesto"} como concepto: así identificamos su pago. Lo anotamos en cuanto llega y le enviamos la factura.</p>
    </section>
  );
}

/** `base`: the page's address ("/presupuestos/<token>", "/averias/<token>"). */
export function JobMoney({ base, money, error }: { base: string; money: JobMoneyView; error?: string }) {
  const repair = base.startsWith("/averias/");
  const paid = money.charges.filter((charge) => charge.state === "pagado");
  return (
    <>
      {money.due ? <DuePayment money={money} error={error} repair={repair} /> : null}
      {paid.length || money.invoices.length ? (
        <section className="quote-status" aria-labelledby="pagos-titulo">
          <h2 id="pagos-titulo">Pagos y facturas</h2>
          {paid.length ? (
            <ul>
              {paid.map((charge) => (
                <li key={charge.id}>
                  {charge.label}: <Price cents={charge.amountCents} />, {charge.paidWord} el {charge.paidOn}
                  {charge.payMethod ? ` (${charge.payMethod.toLowerCase()})` : ""}
                  {charge.refundedCents > 0 ? (
                    <>
                      ; le hemos devuelto <Price cents={charge.refundedCents} />
                    </>
                  ) : null}
                  .
                </li>
              ))}
            </ul>
          ) : null}
          {money.invoices.length ? (
            <ul>
              {money.invoices.map((invoice) => (
                <li key={invoice.number}>
                  <a href={`${base}/facturas/${invoice.number}`}>{invoice.label}</a> del {invoice.issuedOn}, <Price cents={invoice.totalCents} /> (PDF)
                </li>
              ))}
            </ul>
          ) : null}
        </section>
      ) : null}
      {money.reportSigned ? (
        <section className="quote-status" aria-labelledby="parte-titulo">
          <h2 id="parte-titulo">{repair ? "Parte de la reparación" : "Parte de trabajo"}</h2>
          <p>
            <a href={`${base}/parte.pdf`}>{repair ? "Parte de la reparación firmado" : "Parte de trabajo firmado"}</a> (PDF):{" "}
            {repair ? "el diagnóstico, las piezas y la mano de obra, lo que cubría la garantía y su firma." : "lo que hicimos, los equipos con su número de serie y su firma."}
          </p>
        </section>
      ) : null}
    </>
  );
}
