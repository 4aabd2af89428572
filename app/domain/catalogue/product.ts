/** The product families of the shop (spec section 3), as they appear in URLs. */
export const FAMILIES = ["calderas", "termostatos", "aires", "aerotermia"] as const;
export type Family = (typeof FAMILIES)[number];

export function isFamily(value: string): value is Family {
  return (FAMILIES as readonly string[]).includes(value);
}

/** EU energy label classes; required online for boilers, air and aerothermal units. */
export const ENERGY_CLASSES = ["A+++", "A++", "A+", "A", "B", "C", "D", "E", "F", "G"] as const;
export type EnergyClass = (typeof ENERGY_CLASSES)[number];

/** Outer dimensions in centimetres (spec: medidas{alto, ancho, fondo}). */
export type Dimensions = { alto: number; ancho: number; fondo: number };

/**
 * One of the owner's uploaded photos (issue 11): its stored image and the widths it was
 * resized into; served at /imagenes/fotos/{imageId}-{width}.{avif|webp|jpg}.
 */
export type ProductPhoto = { imageId: number; width: number; height: number; widths: number[] };

export type GasType = "natural" | "propano";

/** A basket line (spec section 3, "Cart line item"); quantity is always 1. */
export type BasketLine = {
  id: number;
  familia: Family | "instalaciones" | "mantenimientos";
  cantidad: 1;
  opcion?: GasType;
  provincia?: "madrid";
  /** A yearly maintenance contracted from «Mis equipos» for a unit we installed (issue 31): its installed_units id. */
  equipo?: number;
};

/**
 * A product as pages see it (spec section 3, names mapped in docs/decisions/0002).
 * Fields of other families are null. Money in integer cents.
 */
export type CatalogueProduct = {
  id: number;
  family: Family;
  slug: string;
  brand: string;
  model: string;
  type: string;
  priceCents: number;
  previousPriceCents: number | null;
  promotion: boolean;
  promotionDiscountCents: number | null;
  deal: boolean;
  stock: number;
  certification: string | null;
  description: string;
  description2: string;
  image: string;
  images: string[];
  /** The owner's uploaded photos, main first (issue 11); image and images hold their JPEG addresses. */
  photos?: ProductPhoto[];
  energyClass: EnergyClass | null;
  powerKw: number | null;
  flowLpm: number | null;
  heatingPowerKw: number | null;
  accumulator: string | null;
  heatPump: boolean | null;
  wifi: boolean | null;
  mainsPowered: boolean | null;
  coolingCapacityFgh: number | null;
  noiseIndoorDb: number | null;
  noiseOutdoorDb: number | null;
  refrigerant: string | null;
  inverter: boolean | null;
  controller: string | null;
  dimensions: Dimensions | null;
  dimensionsOutdoor: Dimensions | null;
  dimensionsIndoor: Dimensions | null;
  dimensionsTank: Dimensions | null;
  /** Issue 15: seasonal efficiency in cooling (SEER) and heating (SCOP), air and aerothermal units. */
  seer: number | null;
  scop: number | null;
  /** Sound power of the (outdoor) unit in dB(A), as on the energy label. */
  soundPowerDb: number | null;
  /** Registration number in EPREL, the EU product database (digits only). */
  eprelNumber: string | null;
  /** Fluorinated gas in a unit that is not hermetically sealed (a split): Real Decreto 115/2017. */
  fgasNotSealed: boolean;
};

/** Spanish names of the families, for titles and text. */
export const FAMILY_LABELS: Record<Family, { plural: string; singular: string }> = {
  calderas: { plural: "Calderas", singular: "Caldera" },
  termostatos: { plural: "Termostatos", singular: "Termostato" },
  aires: { plural: "Aires acondicionados", singular: "Aire acondicionado" },
  aerotermia: { plural: "Aerotermia", singular: "Equipo de aerotermia" },
};

/** The catalogue path of each family without a preset (spec: shop index links). */
export const FAMILY_HOME_TIPO: Record<Family, string> = {
  calderas: "calderas-condensacion",
  termostatos: "termostatos",
  aires: "aires",
  aerotermia: "aerotermia-kits",
};

export function catalogueHref(family: Family, tipo = FAMILY_HOME_TIPO[family]): string {
  return `/tienda/${family}/${tipo}`;
}

export function detailHref(product: Pick<CatalogueProduct, "family" | "id">): string {
  return `/tienda/detalle/${product.family}/${product.id}`;
}

/** Gas types offered for a boiler: Hermann units run on natural gas only (spec section 5). */
export function gasOptions(brand: string): GasType[] {
  return brand === "Hermann" ? ["natural"] : ["natural", "propano"];
}
