import { Link } from "react-router";
import { mailtoHref, telHref } from "~/domain/site/contact-links";
import type { ShopInfo } from "~/domain/site/shop";
import { LEGAL_LINKS, MAIN_MENU } from "./menu";

/** The footer of spec section 2; its date stamp is 2025 as in the original. */
export function SiteFooter({ shop, phone }: { shop: ShopInfo; phone: string }) {
  const shopLinks = MAIN_MENU.flatMap((entry) => ("children" in entry ? entry.children : [entry]));
  return (
    <footer className="site-footer">
      <div className="container footer-grid">
        <section aria-labelledby="pie-empresa">
          <h2 id="pie-empresa" className="footer-title">
            {shop.name}
          </h2>
          <p>
            Instalación, mantenimiento y reparación de calderas, aire acondicionado y aerotermia.
            Envíos a toda España; instalación y mantenimiento en la {shop.serviceArea}.
          </p>
        </section>
        <section aria-labelledby="pie-contacto">
          <h2 id="pie-contacto" className="footer-title">
            Contacto
          </h2>
          <ul className="footer-list">
            <li>
              Teléfono: <a href={telHref(phone)}>{phone}</a>
            </li>
            <li>
              E-mail: <a href={mailtoHref(shop.email)}>{shop.email}</a>
            </li>
            <li>Atención al cliente: {shop.hoursSupport}</li>
          </ul>
        </section>
        <nav aria-labelledby="pie-tienda">
          <h2 id="pie-tienda" className="footer-title">
            Tienda y servicios
          </h2>
          <ul className="footer-list">
            {shopLinks.map((item) => (
              <li key={item.to}>
                <Link to={item.to}>{item.label}</Link>
              </li>
            ))}
          </ul>
        </nav>
        <nav aria-labelledby="pie-legal">
          <h2 id="pie-legal" className="footer-title">
            Información legal
          </h2>
          <ul className="footer-list">
            {LEGAL_LINKS.map((item) => (
              <li key={item.to}>
                <Link to={item.to}>{item.label}</Link>
              </li>
            ))}
          </ul>
        </nav>
      </div>
      <p className="container footer-stamp">© 2025 {shop.name}. Todos los derechos reservados.</p>
    </footer>
  );
}
