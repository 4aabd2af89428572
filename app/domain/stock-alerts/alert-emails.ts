import { formatEuros } from "../money";
import { RETENTION, spanishPeriod } from "../site/retention";
import type { ShopInfo } from "../site/shop";
import { alertLinkPath } from "./alert-form";

/*
 * The back-in-stock e-mails (issue 15), plain text like the shop's others. The links open a
 * page with a button (a POST does the change): mail scanners open links on their own, and
 * must not confirm or withdraw anything by doing so.
 */

type Shop = Pick<ShopInfo, "name" | "baseUrl" | "phone" | "legalName" | "address">;
type AlertFacts = { email: string; token: string };
type ProductFacts = { name: string; href: string; priceCents: number };

const signature = (shop: Shop) => [`${shop.legalName} · ${shop.address} · ${shop.baseUrl}`];

const withdrawLine = (shop: Shop, token: string) =>
  `Si ya no quiere el aviso, retírelo aquí: ${shop.baseUrl}${alertLinkPath("retirar", token)}`;

/** The double opt-in: nothing is sent about the product until the address's owner confirms. */
export function confirmationEmail(shop: Shop, alert: AlertFacts, product: Pick<ProductFacts, "name" | "href">) {
  return {
    to: alert.email,
    subject: `${shop.name}: confirme su aviso de disponibilidad de ${product.name}`,
    text: [
      "Hola:",
      "",
      `Hemos recibido una solicitud para avisar a este email cuando ${product.name} vuelva a estar disponible en ${shop.name}.`,
      "",
      `Para activar el aviso, confírmelo aquí: ${shop.baseUrl}${alertLinkPath("confirmar", alert.token)}`,
      "",
      `Le escribiremos una sola vez, cuando vuelva a estar disponible, y después borraremos su email. Si no lo confirma en ${spanishPeriod(RETENTION.pendingStockAlertDays)}, lo borraremos sin escribirle más.`,
      withdrawLine(shop, alert.token),
      "",
      "Si no lo ha pedido usted, no tiene que hacer nada: sin confirmar no le enviaremos nada más.",
      "",
      `Producto: ${shop.baseUrl}${product.href}`,
      "",
      ...signature(shop),
    ].join("\n"),
  };
}

/** Asked again while the alert is already confirmed: it is on, nothing to confirm. */
export function alreadyActiveEmail(shop: Shop, alert: AlertFacts, product: Pick<ProductFacts, "name" | "href">) {
  return {
    to: alert.email,
    subject: `${shop.name}: su aviso de disponibilidad de ${product.name} ya está activo`,
    text: [
      "Hola:",
      "",
      `Hemos recibido otra solicitud para avisarle cuando ${product.name} vuelva a estar disponible. Su aviso ya estaba confirmado: le escribiremos una sola vez, cuando vuelva a estar disponible.`,
      "",
      withdrawLine(shop, alert.token),
      "",
      `Producto: ${shop.baseUrl}${product.href}`,
      "",
      ...signature(shop),
    ].join("\n"),
  };
}

/** The one notice: the product is back, with its link and price; the alert is closed. */
export function backInStockEmail(shop: Shop, alert: Pick<AlertFacts, "email">, product: ProductFacts) {
  return {
    to: alert.email,
    subject: `${shop.name}: ${product.name} vuelve a estar disponible`,
    text: [
      "Hola:",
      "",
      `Le avisamos, como nos pidió: ${product.name} vuelve a estar disponible en ${shop.name}.`,
      "",
      `Precio: ${formatEuros(product.priceCents)} (IVA incluido, sin instalación)`,
      `Véalo aquí: ${shop.baseUrl}${product.href}`,
      "",
      "Las unidades son limitadas y no podemos reservárselas.",
      "Este es el único correo que le enviamos sobre este aviso: queda cerrado y borraremos su email en unos días.",
      "",
      `Para cualquier duda, responda a este correo o llámenos al ${shop.phone}.`,
      "",
      ...signature(shop),
    ].join("\n"),
  };
}
