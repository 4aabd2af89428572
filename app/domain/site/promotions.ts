/**
 * The six promotional landing pages (spec sections 1 and 2). Each shares the offer of
 * section 1 (free visit within 48 hours, 50-300 € off boilers installed before 30 June,
 * installation only from 250 €) and adds its own title and shop link.
 */
export type PromoConfig = {
  path: string;
  title: string;
  lead: string;
  metaTitle: string;
  description: string;
  shopLink?: { href: string; text: string };
  granada?: boolean;
};

export const PROMO_OFFERS = [
  { title: "Visita gratis en 48 horas", text: "Un técnico estudia su instalación en su casa, sin compromiso." },
  { title: "Descuento de 50 a 300 €", text: "En calderas instaladas antes del 30 de junio." },
  { title: "Solo instalación desde 250 €", text: "¿Ya tiene el equipo? Se lo instalamos desde 250 €." },
];

export const PROMOTIONS: PromoConfig[] = [
  {
    path: "/promo-Calderas",
    title: "Promoción en calderas de gas",
    lead: "Cambie su caldera con instalación profesional en Madrid y ahorre en su factura.",
    metaTitle: "Promoción calderas con instalación en Madrid",
    description: "Calderas de condensación con instalación en Madrid: visita gratis en 48 horas y de 50 a 300 € de descuento antes del 30 de junio.",
    shopLink: { href: "/tienda/calderas", text: "Ver calderas en la tienda" },
  },
  {
    path: "/promo-Aires",
    title: "Promoción en aire acondicionado",
    lead: "Instalamos su aire acondicionado en Madrid con equipos de primeras marcas.",
    metaTitle: "Promoción aire acondicionado con instalación en Madrid",
    description: "Aire acondicionado con instalación en Madrid: visita gratis en 48 horas y solo instalación desde 250 €.",
    shopLink: { href: "/tienda/aires", text: "Ver aires acondicionados" },
  },
  {
    path: "/promo-Saunier",
    title: "Promoción calderas Saunier Duval",
    lead: "Calderas Saunier Duval con instalación en Madrid a precio cerrado.",
    metaTitle: "Promoción calderas Saunier Duval en Madrid",
    description: "Calderas Saunier Duval con instalación en Madrid: visita gratis en 48 horas y de 50 a 300 € de descuento antes del 30 de junio.",
    shopLink: { href: "/tienda/calderas/calderas-saunier-duval", text: "Ver calderas Saunier Duval" },
  },
  {
    path: "/promo-Aero",
    title: "Promoción en aerotermia",
    lead: "Calefacción, refrigeración y agua caliente con aerotermia, instalada en Madrid.",
    metaTitle: "Promoción aerotermia con instalación en Madrid",
    description: "Aerotermia con instalación en Madrid: visita gratis en 48 horas y presupuesto sin compromiso.",
    shopLink: { href: "/tienda/aerotermia", text: "Ver equipos de aerotermia" },
  },
  {
    path: "/promo-Reparaciones",
    title: "Reparación de calderas y aire acondicionado",
    lead: "Reparamos su caldera, aire acondicionado o electrodoméstico en Madrid.",
    metaTitle: "Reparación de calderas y aire acondicionado en Madrid",
    description: "Reparación de calderas, aire acondicionado y electrodomésticos en Madrid: visita gratis en 48 horas.",
  },
  {
    path: "/promo-Granada",
    title: "Calderas y aire acondicionado en Granada",
    lead: "Llámenos a nuestro teléfono de Granada y le atendemos sin compromiso.",
    metaTitle: "Calderas y aire acondicionado en Granada",
    description: "Calderas y aire acondicionado: visita gratis en 48 horas, de 50 a 300 € de descuento antes del 30 de junio y solo instalación desde 250 €.",
    shopLink: { href: "/tienda", text: "Ver la tienda" },
    granada: true,
  },
];

export function promoByPath(pathname: string): PromoConfig | undefined {
  const path = pathname.replace(/\/+$/, "");
  return PROMOTIONS.find((promo) => promo.path.toLowerCase() === path.toLowerCase());
}
