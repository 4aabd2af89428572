import { dotDecimalEuros } from "../money";
import { detailHref, type CatalogueProduct, type EnergyClass } from "./product";

/*
 * What search engines read of a product page: schema.org Product with its Offer
 * (https://schema.org/Product) and the EU energy class, plus the meta description.
 */

const ENERGY_SUFFIX: Record<EnergyClass, string> = {
  "A+++": "A3Plus",
  "A++": "A2Plus",
  "A+": "A1Plus",
  A: "A",
  B: "B",
  C: "C",
  D: "D",
  E: "E",
  F: "F",
  G: "G",
};

/** "A++" -> "https://schema.org/EUEnergyEfficiencyCategoryA2Plus". */
export function energyEfficiencyCategory(energyClass: EnergyClass): string {
  return `https://schema.org/EUEnergyEfficiencyCategory${ENERGY_SUFFIX[energyClass]}`;
}

/** A root-relative path on the shop's base URL; absolute URLs stay as they are. */
export function absoluteUrl(baseUrl: string, path: string): string {
  return /^https?:\/\//.test(path) ? path : `${baseUrl}${path.startsWith("/") ? "" : "/"}${path}`;
}

export function productJsonLd(
  product: CatalogueProduct,
  { baseUrl, images }: { baseUrl: string; images: string[] },
): Record<string, unknown> {
  const url = absoluteUrl(baseUrl, detailHref(product));
  return {
    "@context": "https://schema.org",
    "@type": "Product",
    name: `${product.brand} ${product.model}`,
    brand: { "@type": "Brand", name: product.brand },
    model: product.model,
    sku: product.slug,
    image: images.map((src) => absoluteUrl(baseUrl, src)),
    description: product.description,
    url,
    offers: {
      "@type": "Offer",
      price: dotDecimalEuros(product.priceCents),
      priceCurrency: "EUR",
      availability: product.stock > 0 ? "https://schema.org/InStock" : "https://schema.org/OutOfStock",
      itemCondition: "https://schema.org/NewCondition",
      url,
    },
    ...(product.energyClass
      ? {
          hasEnergyConsumptionDetails: {
            "@type": "EnergyConsumptionDetails",
            hasEnergyEfficiencyCategory: energyEfficiencyCategory(product.energyClass),
          },
        }
      : {}),
  };
}

/**
 * JSON for an inline <script type="application/ld+json">: every "<" escaped, so no text of
 * the catalogue can close the script element ("</script>") or open a comment.
 */
export function serializeJsonLd(value: unknown): string {
  return JSON.stringify(value).replace(/</g, "\\u003c");
}

/** The first sentences of a text, cut at a word and at most `max` characters long. */
export function metaDescription(text: string, max = 150): string {
  const clean = text.replace(/\s+/g, " ").trim();
  if (clean.length <= max) return clean;
  const cut = clean.slice(0, max - 1);
  const atWord = cut.lastIndexOf(" ");
  return `${(atWord > max / 2 ? cut.slice(0, atWord) : cut).replace(/[\s,.;:]+$/, "")}…`;
}
