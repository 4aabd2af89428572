import { mailtoHref, telHref } from "~/domain/site/contact-links";
import type { ShopInfo } from "~/domain/site/shop";
import { LogoMark } from "../icons";

/** Replaces every page while the maintenance flag is on (spec sections 2 and 4). */
export function MaintenancePage({ shop }: { shop: ShopInfo }) {
  return (
    <main className="maintenance" id="contenido">
      <title>{`En mantenimiento | ${shop.name}`}</title>
      <meta name="robots" content="noindex" />
      <LogoMark size={64} />
      <h1>Estamos en mantenimiento</h1>
      <p>
        {shop.name} está mejorando su web. Volveremos a estar disponibles en unos minutos.
      </p>
      <p>
        Si nos necesita ahora, llámenos al <a href={telHref(shop.phone)}>{shop.phone}</a> o
        escríbanos a <a href={mailtoHref(shop.email)}>{shop.email}</a>.
      </p>
    </main>
  );
}
