import { useId, useState } from "react";
import { Form, useLocation } from "react-router";
import { Modal } from "./modal";

type Props = { productId: number; productName: string };

/**
 * "Pedir presupuesto" and its pop-up (spec section 2, "Product detail"): the contact form of
 * spec section 3, posting to /contacto with the product and the page it was sent from.
 */
export function QuotePopup({ productId, productName }: Props) {
  const [open, setOpen] = useState(false);
  const { pathname } = useLocation();
  const id = useId();
  const field = (name: string) => `${id}-${name}`;

  return (
    <>
      <button
        type="button"
        className="button button-secondary quote-open"
        aria-haspopup="dialog"
        onClick={() => setOpen(true)}
      >
        Pedir presupuesto
      </button>
      <Modal open={open} onClose={() => setOpen(false)} labelledBy={field("title")} className="quote-popup">
        <h2 id={field("title")}>Presupuesto</h2>
        <p className="quote-lead">Le visitamos sin compromiso y GRATIS</p>
        <p className="quote-text">
          Utilice alguno de los medios de contacto disponibles y nos pondremos en contacto con usted lo antes posible.
        </p>
        <Form method="post" action="/contacto" className="quote-form">
          <input type="hidden" name="productId" value={productId} />
          <input type="hidden" name="sourcePage" value={pathname} />
          <p className="quote-required-note">
            Los campos con <span className="required" aria-hidden="true">*</span>
            <span className="visually-hidden">asterisco</span> son obligatorios. Indique un teléfono o un email.
          </p>
          <div className="field">
            <label htmlFor={field("name")}>
              Nombre y apellidos <span className="required" aria-hidden="true">*</span>
            </label>
            <input id={field("name")} name="nameAndSurname" autoComplete="name" required />
          </div>
          <div className="quote-pair">
            <div className="field">
              <label htmlFor={field("phone")}>Teléfono</label>
              <input id={field("phone")} name="phone" type="tel" autoComplete="tel" inputMode="tel" />
            </div>
            <div className="field">
              <label htmlFor={field("email")}>Email</label>
              <input id={field("email")} name="email" type="email" autoComplete="email" />
            </div>
          </div>
          <div className="field">
            <label htmlFor={field("address")}>
              Dirección de la instalación <span className="required" aria-hidden="true">*</span>
            </label>
            <input id={field("address")} name="adress" autoComplete="street-address" required />
          </div>
          <div className="field">
            <label htmlFor={field("town")}>
              Localidad <span className="required" aria-hidden="true">*</span>
            </label>
            <input id={field("town")} name="state" autoComplete="address-level2" required />
          </div>
          <div className="field">
            <label htmlFor={field("message")}>Mensaje</label>
            <textarea
              id={field("message")}
              name="message"
              rows={3}
              defaultValue={`Quisiera un presupuesto para ${productName}.`}
            />
          </div>
          <div className="quote-actions">
            <button type="submit" className="button button-accent">
              Enviar
            </button>
            <button type="button" className="button button-secondary" onClick={() => setOpen(false)}>
              Cancelar
            </button>
          </div>
        </Form>
      </Modal>
    </>
  );
}
