import { Form, useNavigation } from "react-router";
import { PAY_BUTTON_LABELS } from "~/domain/payments/payment-methods";

/*
 * A card or Bizum order still to pay (issue 12), on its page in "Mis Pedidos" and on the page
 * Redsys sends the customer back to: what happened last, how long the units are kept, and
 * three plain forms (pay by card, by Bizum, switch to transfer) posting to the order page's
 * action, so they work without JavaScript.
 */

export type PaymentViewData = {
  online: boolean;
  heldUntil: string | null;
  released: boolean;
  last: { state: string; meaning: string | null; at: string; method: string } | null;
};

/** `action`: where the three forms post; the order's page in "Mis Pedidos" unless given (a phone order's payment link). */
type Props = { number: string; payment: PaymentViewData; error?: string; headingLevel?: "h2" | "h3"; action?: string };

export function PaymentOptions({ number, payment, error, headingLevel = "h2", action = `/login/pedidos/${encodeURIComponent(number)}` }: Props) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const Heading = headingLevel;
  const { last } = payment;
  return (
    <section className="order-transfer order-payment no-print" aria-labelledby="pago-pendiente">
      <Heading id="pago-pendiente">Pago pendiente</Heading>
      {last?.state === "denegado" ? (
        <p className="form-error notice" role="alert">
          El último intento de pago ({last.method.toLowerCase()}, {last.at}) no se completó: {last.meaning ?? "operación denegada"}. No se le ha cobrado nada.
        </p>
      ) : null}
      {last?.state === "pendiente" ? (
        <p>Si ya ha pagado, el banco nos confirmará el pago en unos minutos y lo verá aquí. Si no llegó a pagar, puede intentarlo de nuevo.</p>
      ) : null}
      {payment.heldUntil ? (
        <p>Le guardamos los artículos hasta el {payment.heldUntil}.</p>
      ) : payment.released ? (
        <p>El plazo para pagar terminó y los artículos volvieron a la venta: al pagar los reservamos de nuevo si quedan unidades.</p>
      ) : null}
      {error ? (
        <p className="form-error notice" role="alert">
          {error}
        </p>
      ) : null}
      <div className="pay-again">
        {payment.online ? (
          <>
            <Form method="post" action={action}>
              <input type="hidden" name="intent" value="pagar" />
              <input type="hidden" name="metodo" value="tarjeta" />
              <button type="submit" className="button button-accent" disabled={busy}>
                {PAY_BUTTON_LABELS.tarjeta}
              </button>
            </Form>
            <Form method="post" action={action}>
              <input type="hidden" name="intent" value="pagar" />
              <input type="hidden" name="metodo" value="bizum" />
              <button type="submit" className="button button-accent" disabled={busy}>
                {PAY_BUTTON_LABELS.bizum}
              </button>
            </Form>
          </>
        ) : (
          <p>El pago con tarjeta o Bizum no está disponible en este momento.</p>
        )}
        <Form method="post" action={action}>
          <input type="hidden" name="intent" value="transferencia" />
          <button type="submit" className="button button-secondary" disabled={busy}>
            Pagar por transferencia
          </button>
        </Form>
      </div>
    </section>
  );
}
