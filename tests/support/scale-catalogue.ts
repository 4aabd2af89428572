import { BRANDS } from "~/domain/catalogue/catalogue-filters";
import { demoPictures, slugify } from "~/domain/catalogue/product-identity";
import type { Dimensions, EnergyClass } from "~/domain/catalogue/product";
import type { Database } from "~/server/db/client.server";
import { products, type NewProduct } from "~/server/db/schema.server";

/*
 * A distributor's air-conditioning catalogue (issue 14): `count` generated units in the
 * "aires" family, beside the demo catalogue, for the bench's scaling section and the
 * PostgreSQL test of the catalogue query. Deterministic (row i is always the same unit), so
 * runs compare. Brands are the family's filter brands; powers are the sizes sold in Spain,
 * some on the borders of the size filter's ranges (3 and 4 kW); prices grow with power and
 * brand like a real price list, with equal prices among them to exercise the tie order.
 */

type Series = { name: string; code: string; type: "Split pared" | "Conductos" | "Cassette"; premium: number };

const SERIES: Record<string, Series[]> = {
  Daikin: [
    { name: "Sensira", code: "FTXF", type: "Split pared", premium: 0 },
    { name: "Perfera", code: "FTXM", type: "Split pared", premium: 18 },
    { name: "Emura", code: "FTXJ", type: "Split pared", premium: 45 },
    { name: "Comfora", code: "FTXP", type: "Split pared", premium: 8 },
    { name: "Conductos", code: "FDXM", type: "Conductos", premium: 60 },
    { name: "Cassette", code: "FFA", type: "Cassette", premium: 80 },
  ],
  Mitsubishi: [
    { name: "MSZ-HR", code: "VF", type: "Split pared", premium: 5 },
    { name: "MSZ-AP", code: "VGK", type: "Split pared", premium: 25 },
    { name: "MSZ-LN", code: "VG2", type: "Split pared", premium: 55 },
    { name: "SEZ-M", code: "DA", type: "Conductos", premium: 65 },
    { name: "SLZ-M", code: "FA", type: "Cassette", premium: 75 },
  ],
  "Saunier Duval": [
    { name: "Vivair Pro", code: "SDH20-", type: "Split pared", premium: -10 },
    { name: "Vivair Multi", code: "SDH17-", type: "Split pared", premium: 0 },
    { name: "Vivair Conductos", code: "SDHB1-", type: "Conductos", premium: 40 },
  ],
  Fujitsu: [
    { name: "ASY KM", code: "ASY", type: "Split pared", premium: -5 },
    { name: "ASY KG", code: "ASYG", type: "Split pared", premium: 12 },
    { name: "ARXG", code: "ARXG", type: "Conductos", premium: 50 },
    { name: "AUXG", code: "AUXG", type: "Cassette", premium: 70 },
  ],
};

/** Cooling kW of the units on sale; 3 and 4 sit on the size ranges' borders. */
const POWERS = [2, 2.5, 3, 3.5, 4, 4.2, 5, 6, 7.1, 10];
const CLASSES: EnergyClass[] = ["A+++", "A++", "A+"];
const cm = (alto: number, ancho: number, fondo: number): Dimensions => ({ alto, ancho, fondo });

/** The i-th generated unit (0-based); `serial` keeps models and slugs unique beside the demo's. */
export function scaleProduct(i: number): NewProduct {
  const brands = BRANDS.aires;
  const brand = brands[i % brands.length]!;
  const series = SERIES[brand]![Math.floor(i / brands.length) % SERIES[brand]!.length]!;
  const powerKw = POWERS[(i * 7) % POWERS.length]!;
  const serial = String(i + 1).padStart(5, "0");
  const model = `${series.name} ${series.code}${Math.round(powerKw * 10)} G${serial}`;
  const slug = slugify(brand, model);
  // About 190 € a kW plus the series' premium, rounded to 10 €, so many units share a price.
  const euros = Math.round((powerKw * 190 * (1 + series.premium / 100) + 250 + (i % 13) * 15) / 10) * 10;
  const priceCents = euros * 100 - 100;
  const outdoor = powerKw >= 6 ? cm(87, 95, 37) : cm(55, 80, 29);
  return {
    family: "aires",
    slug,
    ...demoPictures(slug),
    brand,
    model,
    type: series.type,
    priceCents,
    previousPriceCents: i % 5 === 0 ? priceCents + 10_000 : null,
    deal: i % 11 === 0,
    stock: (i * 3) % 13,
    certification: `ErP ${CLASSES[i % CLASSES.length]}`,
    energyClass: CLASSES[i % CLASSES.length]!,
    powerKw,
    coolingCapacityFgh: Math.round(powerKw * 860),
    noiseIndoorDb: 19 + (i % 9),
    noiseOutdoorDb: 44 + (i % 8),
    refrigerant: "R-32",
    heatPump: true,
    inverter: true,
    dimensionsIndoor: series.type === "Split pared" ? cm(29, 80, 23) : cm(26, 70, 60),
    dimensionsOutdoor: outdoor,
    description: `${series.type} ${brand} ${series.name} de ${String(powerKw).replace(".", ",")} kW con bomba de calor y tecnología inverter, refrigerante R-32 y clase ${CLASSES[i % CLASSES.length]} en refrigeración. Adecuado para estancias de hasta ${Math.round(powerKw * 8)} m² con un aislamiento normal.`,
    description2: "Mando a distancia con temporizador incluido. Tres años de garantía del fabricante.",
    // Every ninth unit is hidden, as a shop's discontinued models are.
    active: i % 9 !== 8,
  };
}

/** Inserts units `from`..`from + count - 1` in batches (one statement per batch). */
export async function insertScaleCatalogue(db: Database, count: number, from = 0): Promise<void> {
  const BATCH = 500;
  for (let start = from; start < from + count; start += BATCH) {
    const rows = Array.from({ length: Math.min(BATCH, from + count - start) }, (_, k) => scaleProduct(start + k));
    await db.insert(products).values(rows);
  }
}
