import { telHref, whatsappHref } from "~/domain/site/contact-links";
import { PhoneIcon, WhatsappIcon } from "../icons";

/** Floating WhatsApp and phone buttons of the global layout. */
export function FloatingContact({ phone, whatsapp }: { phone: string; whatsapp: string }) {
  return (
    <div className="floating-contact">
      <a
        className="floating-button floating-whatsapp"
        href={whatsappHref(whatsapp)}
        target="_blank"
        rel="noopener noreferrer"
        aria-label="Escríbanos por WhatsApp (se abre en una ventana nueva)"
      >
        <WhatsappIcon />
      </a>
      <a className="floating-button floating-phone" href={telHref(phone)} aria-label={`Llámenos al ${phone}`}>
        <PhoneIcon size={26} />
      </a>
    </div>
  );
}
