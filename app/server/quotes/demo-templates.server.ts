import { and, eq } from "drizzle-orm";
import type { NodePgDatabase } from "drizzle-orm/node-postgres";
import type { QuoteDraft, QuoteLine } from "~/domain/quotes/quote-content";
import { emptyDraft } from "~/domain/quotes/quote-editor-form";
import { catalogueProductLine, serviceLine } from "~/domain/quotes/quote-services";
import { products } from "../catalogue/catalogue-schema.server";

/** The seed's handle (the seed is loaded by the database client: no import of it here). */
type Database = Pick<NodePgDatabase, "select">;

/*
 * The demo shop's three quote templates (issue 30), loaded with the demo catalogue: the jobs a
 * Madrid installer quotes most, with products of the demo catalogue (at its price), the
 * installation services of spec section 9, and labour and materials at Madrid prices of 2026
 * (without VAT: an installer's hour 45 €).
 */

const hours = (description: string, quantity: number, euros = 45): QuoteLine => ({ kind: "mano_de_obra", productId: null, description, quality: "", quantityMilli: quantity * 1000, unit: "h", unitCents: euros * 100, used: false });

const material = (description: string, quality: string, quantity: number, unit: string, cents: number): QuoteLine => ({ kind: "material", productId: null, description, quality, quantityMilli: quantity * 1000, unit, unitCents: cents, used: false });

async function product(db: Database, brand: string, model: string): Promise<QuoteLine[]> {
  const [row] = await db
    .select({ id: products.id, brand: products.brand, model: products.model, type: products.type, priceCents: products.priceCents, energyClass: products.energyClass })
    .from(products)
    .where(and(eq(products.brand, brand), eq(products.model, model)));
  return row ? [catalogueProductLine(row)] : [];
}

const service = (key: string): QuoteLine[] => {
  const line = serviceLine(key);
  return line ? [line] : [];
};

async function boilerTemplate(db: Database): Promise<QuoteDraft> {
  const common = [
    ...service("instalacion-calderas"),
    hours("Desmontaje y retirada de la caldera antigua", 1.5),
    material("Kit de salida de humos horizontal 60/100", "Del fabricante de la caldera, hasta 70 cm", 1, "ud", 6800),
    material("Llaves de corte, latiguillos y neutralizador de condensados", "Nuevos, latón", 1, "ud", 4200),
  ];
  return {
    ...emptyDraft(),
    description:
      "Sustitución de la caldera de gas actual por una de condensación en el mismo lugar: desmontaje y retirada de la antigua, montaje de la nueva con su salida de humos horizontal (hasta 70 cm), conexión a gas, agua y calefacción, llenado y purgado del circuito, puesta en marcha y certificado de instalación.",
    alternatives: [
      { key: "A", title: "Saunier Duval ThemaFast Condens 25", lines: [...(await product(db, "Saunier Duval", "ThemaFast Condens 25")), ...common] },
      { key: "B", title: "Baxi Platinum Compact 24/24F ECO con termostato", lines: [...(await product(db, "Baxi", "Platinum Compact 24/24F ECO")), ...(await product(db, "Honeywell", "T4 Programable")), ...common] },
    ],
    deposit: { kind: "porcentaje", percent: 30 },
    notes: "Incluye la retirada y gestión de la caldera antigua. No incluye obras de albañilería ni cambios en los radiadores.",
  };
}

async function airTemplate(db: Database): Promise<QuoteDraft> {
  const common = [
    ...service("instalacion-aires"),
    material("Línea frigorífica de cobre aislada 1/4\" - 3/8\" (metros además de los 3 incluidos)", "Nueva, con cable de interconexión", 2, "m", 1800),
    material("Soporte mural para la unidad exterior", "Acero galvanizado, con amortiguadores", 1, "ud", 3500),
    material("Canaleta para la línea", "PVC blanco 60 × 40", 3, "m", 950),
  ];
  return {
    ...emptyDraft(),
    description:
      "Instalación de un equipo de aire acondicionado 1x1 (una unidad interior de pared y una exterior): colocación de ambas unidades, línea frigorífica de hasta 5 m, desagüe de condensados, conexión eléctrica al cuadro existente, vacío y prueba de estanqueidad, puesta en marcha y explicación de uso.",
    alternatives: [
      { key: "A", title: "Daikin Sensira 3,5 kW", lines: [...(await product(db, "Daikin", "Sensira FTXF35E")), ...common] },
      { key: "B", title: "Mitsubishi 3,5 kW, más silencioso", lines: [...(await product(db, "Mitsubishi", "MSZ-HR35VF")), ...common] },
    ],
    deposit: { kind: "ninguno" },
    notes: "La unidad exterior se coloca en fachada o terraza sin necesidad de grúa. Trabajos en altura o permisos de la comunidad, aparte.",
  };
}

async function hotWaterTemplate(db: Database): Promise<QuoteDraft> {
  return {
    ...emptyDraft(),
    description:
      "Instalación de una bomba de calor aerotérmica con depósito integrado para el agua caliente sanitaria (ACS) en lugar del termo o calentador actual: unidad exterior e interior, conexión al agua fría y a la red de ACS de la vivienda, línea frigorífica, conexión eléctrica, puesta en marcha y programación.",
    alternatives: [
      {
        key: "A",
        title: "Daikin Altherma 3 con depósito de 180 L",
        lines: [
          ...(await product(db, "Daikin", "Altherma 3 R F EHVX04S18E6V")),
          ...service("instalacion-aerotermia"),
          hours("Desmontaje y retirada del termo o calentador actual", 2),
          material("Grupo de seguridad sanitario: vaso de expansión, válvula de seguridad y mezcladora termostática", "Nuevos, marca Caleffi o similar", 1, "ud", 18500),
          material("Línea frigorífica de cobre aislada", "Nueva", 5, "m", 2200),
        ],
      },
    ],
    deposit: { kind: "porcentaje", percent: 40 },
    notes: "Necesita un hueco exterior ventilado para la unidad exterior y una toma eléctrica de 16 A. Puede optar a las ayudas de eficiencia energética de la Comunidad de Madrid.",
  };
}

/** The demo templates, by name, with the products of the demo catalogue (a product missing is left out). */
export async function demoTemplates(db: Database): Promise<{ name: string; draft: QuoteDraft }[]> {
  return [
    { name: "Sustitución de caldera de condensación", draft: await boilerTemplate(db) },
    { name: "Instalación de aire acondicionado 1x1", draft: await airTemplate(db) },
    { name: "Aerotermia para ACS", draft: await hotWaterTemplate(db) },
  ];
}
