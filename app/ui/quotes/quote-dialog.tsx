import { useId } from "react";
import { ContactForm } from "./contact-form";
import { Modal } from "../modal";

type Props = { open: boolean; onClose: () => void; productId: number; productName: string; sourcePage: string };

/**
 * The pop-up of "Pedir presupuesto" on a product page (spec section 2, "Product detail"): the
 * shared contact form, posting to /contacto with the product and the page it was sent from.
 * Fetched by quote-popup.tsx when the visitor first reaches for the button.
 */
export function QuoteDialog({ open, onClose, productId, productName, sourcePage }: Props) {
  const id = useId();
  const titleId = `${id}-title`;
  return (
    <Modal open={open} onClose={onClose} labelledBy={titleId} className="quote-popup">
      <h2 id={titleId}>Presupuesto</h2>
      <p className="quote-lead">Le visitamos sin compromiso y GRATIS</p>
      <p className="quote-text">
        Utilice alguno de los medios de contacto disponibles y nos pondremos en contacto con usted lo antes posible.
      </p>
      <ContactForm
        productId={productId}
        sourcePage={sourcePage}
        defaultMessage={`Quisiera un presupuesto para ${productName}.`}
        onCancel={onClose}
      />
    </Modal>
  );
}
