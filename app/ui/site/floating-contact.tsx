import { telHref, whatsappHref } from "~/domain/site/contact-links";
import { PhoneIcon, WhatsappIcon } from "../icons";

/**
 * Floating WhatsApp and phone buttons of the global layout, only where the window leaves them a
 * free margin beside the 1,200 px page (from 1,360 px; app.css): they never cover the page's
 * content (issue 30, a phone's basket totals and IBAN were under them). Narrower, the same two
 * links are in the header's top bar, which stays on screen (site-header.tsx; deviation 30-1).
 */
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
