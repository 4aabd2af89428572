import { useId, useState } from "react";
import { Link, useLocation } from "react-router";
import { ContactForm } from "./contact-form";
import { Modal } from "./modal";
import { useHydrated } from "./use-hydrated";

type Props = { productId: number; productName: string };

/**
 * "Pedir presupuesto" and its pop-up (spec section 2, "Product detail"): the shared contact
 * form, posting to /contacto with the product and the page it was sent from. Until React runs
 * (or without JavaScript) it is a link to the same form on /contacto, product included.
 */
export function QuotePopup({ productId, productName }: Props) {
  const [open, setOpen] = useState(false);
  const { pathname } = useLocation();
  const id = useId();
  const field = (name: string) => `${id}-${name}`;

  const hydrated = useHydrated();

  return (
    <>
      {hydrated ? (
        <button
          type="button"
          className="button button-secondary quote-open"
          aria-haspopup="dialog"
          onClick={() => setOpen(true)}
        >
          Pedir presupuesto
        </button>
      ) : (
        <Link to={`/contacto?producto=${productId}`} className="button button-secondary quote-open">
          Pedir presupuesto
        </Link>
      )}
      <Modal open={open} onClose={() => setOpen(false)} labelledBy={field("title")} className="quote-popup">
        <h2 id={field("title")}>Presupuesto</h2>
        <p className="quote-lead">Le visitamos sin compromiso y GRATIS</p>
        <p className="quote-text">
          Utilice alguno de los medios de contacto disponibles y nos pondremos en contacto con usted lo antes posible.
        </p>
        <ContactForm
          productId={productId}
          sourcePage={pathname}
          defaultMessage={`Quisiera un presupuesto para ${productName}.`}
          onCancel={() => setOpen(false)}
        />
      </Modal>
    </>
  );
}
