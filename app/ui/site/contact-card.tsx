import { useId } from "react";
import { mailtoHref, telHref, whatsappHref } from "~/domain/site/contact-links";
import type { ShopInfo } from "~/domain/site/shop";
import { ClockIcon, MailIcon, PhoneIcon, WhatsappIcon } from "../icons";

type Props = {
  shop: ShopInfo;
  /** Another number for this page (the Granada landing page). */
  phone?: string;
  header?: string;
  title?: string;
  titleColor?: string;
  description?: string;
  /** The title's heading level: h2 inside a page, h1 when the card opens it. */
  headingLevel?: 1 | 2;
};

/**
 * The contact texts and the shop's means of contact (spec section 2, "Contact card texts"):
 * the defaults are the spec's, every page may override them.
 */
export function ContactCard({
  shop,
  phone = shop.phone,
  header = "Contacto",
  title = "Formas de ",
  titleColor = "Contacto",
  description = "Utilice alguno de los medios de contacto disponibles y nos pondremos en contacto con usted lo antes posible.",
  headingLevel = 2,
}: Props) {
  const Heading = headingLevel === 1 ? "h1" : "h2";
  const titleId = useId();
  return (
    <section className="contact-card" aria-labelledby={titleId}>
      <p className="contact-card-header">{header}</p>
      <Heading id={titleId} className="contact-card-title">
        {title}
        <span className="contact-card-accent">{titleColor}</span>
      </Heading>
      <p className="contact-card-description">{description}</p>
      <ul className="contact-means">
        <li>
          <PhoneIcon size={22} />
          <span>
            <span className="contact-means-label">Teléfono</span>
            <a href={telHref(phone)}>{phone}</a>
          </span>
        </li>
        <li>
          <MailIcon size={22} />
          <span>
            <span className="contact-means-label">Email</span>
            <a href={mailtoHref(shop.email)}>{shop.email}</a>
          </span>
        </li>
        <li>
          <WhatsappIcon size={22} />
          <span>
            <span className="contact-means-label">WhatsApp</span>
            <a href={whatsappHref(shop.whatsapp)} target="_blank" rel="noopener noreferrer">
              {shop.whatsapp}
              <span className="visually-hidden"> (se abre en una ventana nueva)</span>
            </a>
          </span>
        </li>
        <li>
          <ClockIcon size={22} />
          <span>
            <span className="contact-means-label">Horario</span>
            {shop.hoursContact}
          </span>
        </li>
      </ul>
    </section>
  );
}
