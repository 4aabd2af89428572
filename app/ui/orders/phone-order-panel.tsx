import { useState } from "react";
import { Form } from "react-router";
import { whatsappHref } from "~/domain/site/contact-links";
import { useHydrated } from "../use-hydrated";

/*
 * A phone order on the back office's order page (issue 30): who placed it, and while it waits
 * for its money the customer's payment link, to copy (with JavaScript), to send by WhatsApp
 * (wa.me with the customer's number) or to e-mail again.
 */

type Props = { by: string; link: string; awaiting: boolean; phone: string; number: string; error?: string };

export function PhoneOrderPanel({ by, link, awaiting, phone, number, error }: Props) {
  const hydrated = useHydrated();
  const [copied, setCopied] = useState(false);
  const message = `Hola: este es el enlace para pagar su pedido ${number}: ${link}`;
  return (
    <section className="admin-section" aria-labelledby="pedido-telefono">
      <h2 id="pedido-telefono">Pedido por teléfono por {by}</h2>
      {awaiting ? (
        <>
          <p>
            Enlace de pago del cliente: <a href={link}>{link}</a>
          </p>
          {error ? (
            <p className="form-error" role="alert">
              {error}
            </p>
          ) : null}
          <div className="admin-actions">
            {hydrated ? (
              <button
                type="button"
                className="button button-secondary"
                onClick={() => {
                  void navigator.clipboard?.writeText(link).then(() => setCopied(true));
                }}
              >
                Copiar enlace
              </button>
            ) : null}
            {phone ? (
              <a className="button button-secondary" href={whatsappHref(phone, message)} target="_blank" rel="noopener noreferrer">
                Enviar por WhatsApp<span className="visually-hidden"> (se abre en una pestaña nueva)</span>
              </a>
            ) : null}
            <Form method="post">
              <input type="hidden" name="intent" value="reenviar-enlace" />
              <button type="submit" className="button button-secondary">
                Reenviar el correo
              </button>
            </Form>
          </div>
          <p role="status">{copied ? "Enlace copiado." : ""}</p>
        </>
      ) : (
        <p>El pedido ya no está pendiente de pago: el enlace solo muestra su estado.</p>
      )}
    </section>
  );
}
