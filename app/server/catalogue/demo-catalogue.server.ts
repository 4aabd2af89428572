import { demoPictures, slugify } from "../../domain/catalogue/product-identity";
import type { Dimensions, EnergyClass } from "../../domain/catalogue/product";
import type { NewProduct } from "./catalogue-schema.server";

/*
 * Demo catalogue: plausible Spanish retail products for the four families, inserted in this
 * order (calderas, termostatos, aires, aerotermia), so the boilers get ids 1..n.
 *
 * Prices are integer cents, VAT included. Sizes are chosen so that every size filter of the
 * spec (section 9) has products, including some on the borders of each range:
 *   calderas   (0,24] · [24,30] · >=30 kW
 *   aires      (0,3]  · [3,4]   · >=4 kW
 *   aerotermia (0,10] · [10,15] · >=15 kW
 * Slugs come from brand + model; image paths come from the slug (the SVGs are drawn apart).
 * SEER, SCOP and sound power are typical of each model's class and size; the EPREL numbers are
 * invented for the demo (the owner types the real ones in the back office).
 */

/** "Baxi", "Platinum Compact 24/24F ECO" -> "baxi-platinum-compact-24-24f-eco" (the back office's rule too). */
export function demoSlug(brand: string, model: string): string {
  return slugify(brand, model);
}

/** The three demo pictures of a product; the first one is the main image. */
export function demoImages(slug: string): { image: string; images: string[] } {
  return demoPictures(slug);
}

/** Outer dimensions in centimetres. */
const cm = (alto: number, ancho: number, fondo: number): Dimensions => ({ alto, ancho, fondo });

function identity(brand: string, model: string) {
  const slug = demoSlug(brand, model);
  return { slug, ...demoImages(slug) };
}

/** Fields every product carries. */
type Common = {
  brand: string;
  model: string;
  priceCents: number;
  previousPriceCents?: number;
  stock: number;
  description: string;
  description2: string;
};

/* ------------------------------------------------------------------ calderas */

type CalderaSpec = Common & {
  type: "Condensación" | "Mixta condensación" | "Solo calefacción";
  /** Hot-water (ACS) power, the figure the size filter uses. */
  powerKw: number;
  heatingPowerKw: number;
  flowLpm: number;
  dimensions: Dimensions;
  accumulator: string | null;
  energyClass: Extract<EnergyClass, "A+" | "A" | "B">;
  /** Sound power on the energy label, dB(A). */
  soundPowerDb: number;
  eprelNumber: string;
  /** Manufacturer promotion in cents; setting it turns `promotion` on. */
  promotionDiscountCents?: number;
  deal?: boolean;
};

function caldera({ promotionDiscountCents, deal = false, ...spec }: CalderaSpec): NewProduct {
  return {
    family: "calderas",
    ...identity(spec.brand, spec.model),
    ...spec,
    certification: `ErP ${spec.energyClass}`,
    heatPump: false,
    promotion: promotionDiscountCents !== undefined,
    ...(promotionDiscountCents !== undefined ? { promotionDiscountCents } : {}),
    deal,
  };
}

const calderas: NewProduct[] = [
  caldera({
    brand: "Hermann",
    model: "Micracom Condens 20",
    type: "Condensación",
    powerKw: 20,
    heatingPowerKw: 18,
    flowLpm: 11.5,
    dimensions: cm(70, 40, 29),
    accumulator: null,
    energyClass: "A",
    soundPowerDb: 49,
    eprelNumber: "624418",
    priceCents: 112500,
    stock: 4,
    description:
      "Caldera mixta de condensación compacta, pensada para pisos pequeños con un solo baño. Ofrece 20 kW en agua caliente y 18 kW en calefacción, con un quemador modulante que ajusta el consumo a la demanda real. Funciona exclusivamente con gas natural.",
    description2:
      "Su fondo de 29 cm permite colocarla en la mayoría de los armarios de cocina. Dos años de garantía del fabricante, ampliables con el mantenimiento anual.",
  }),
  caldera({
    brand: "Hermann",
    model: "Micracom Condens 24",
    type: "Condensación",
    powerKw: 24,
    heatingPowerKw: 20,
    flowLpm: 13.8,
    dimensions: cm(70, 40, 29),
    accumulator: null,
    energyClass: "A",
    soundPowerDb: 50,
    eprelNumber: "624421",
    priceCents: 119500,
    previousPriceCents: 129900,
    stock: 6,
    description:
      "La versión de 24 kW de la gama Micracom Condens, la más vendida para viviendas de dos dormitorios. Da hasta 13,8 litros por minuto de agua caliente y su pantalla retroiluminada facilita el ajuste de temperaturas. Solo admite gas natural: no existe versión para propano.",
    description2:
      "Sustituye sin obras a la mayoría de las calderas atmosféricas antiguas cuando hay salida de humos horizontal. Se suministra con el kit de evacuación estándar de 60/100 mm.",
  }),
  caldera({
    brand: "Hermann",
    model: "Micracom Condens 30",
    type: "Condensación",
    powerKw: 30,
    heatingPowerKw: 24,
    flowLpm: 17.2,
    dimensions: cm(72, 40, 35),
    accumulator: null,
    energyClass: "A",
    soundPowerDb: 52,
    eprelNumber: "624425",
    priceCents: 139900,
    promotionDiscountCents: 5000,
    stock: 3,
    description:
      "Caldera de condensación de 30 kW para viviendas con dos baños que se usan a la vez. El intercambiador de acero inoxidable y su amplia modulación mantienen la temperatura estable incluso con caudales altos. Funciona únicamente con gas natural.",
    description2:
      "Hermann descuenta 50 € en esta unidad durante la promoción vigente. Compatible con los termostatos modulantes eBUS de la marca.",
  }),
  caldera({
    brand: "Saunier Duval",
    model: "ThemaFast Condens 25",
    type: "Condensación",
    powerKw: 25,
    heatingPowerKw: 20,
    flowLpm: 14.3,
    dimensions: cm(74, 42, 34),
    accumulator: null,
    energyClass: "A",
    soundPowerDb: 48,
    eprelNumber: "1040316",
    priceCents: 149500,
    promotionDiscountCents: 10000,
    stock: 8,
    description:
      "Caldera de condensación con sistema de arranque rápido, que entrega agua caliente en pocos segundos sin necesidad de depósito. Sus 25 kW cubren con holgura un piso de tres dormitorios con un baño completo. Clase A tanto en calefacción como en agua caliente sanitaria.",
    description2:
      "Promoción del fabricante de 100 € ya aplicada en la tienda. Se conecta directamente al termostato MiGo Link para gestionarla desde el móvil.",
  }),
  caldera({
    brand: "Saunier Duval",
    model: "ThemaPlus Condens 30",
    type: "Condensación",
    powerKw: 30,
    heatingPowerKw: 25,
    flowLpm: 17.2,
    dimensions: cm(74, 42, 34),
    accumulator: null,
    energyClass: "A",
    soundPowerDb: 50,
    eprelNumber: "1040322",
    priceCents: 164900,
    previousPriceCents: 179900,
    deal: true,
    stock: 2,
    description:
      "Modelo de 30 kW con pantalla digital y autodiagnóstico, adecuado para adosados o pisos grandes con dos baños. Mantiene un caudal de 17,2 l/min con un salto térmico de 25 °C. Su ventilador modulante reduce el ruido en el arranque, algo que se agradece cuando la caldera está en la cocina.",
    description2:
      "Precio de oferta mientras queden unidades. Admite salida de humos vertical u horizontal con el kit correspondiente.",
  }),
  caldera({
    brand: "Saunier Duval",
    model: "IsoFast Condens 35",
    type: "Mixta condensación",
    powerKw: 35,
    heatingPowerKw: 30,
    flowLpm: 20.1,
    dimensions: cm(74, 47, 47),
    accumulator: "Microacumulación 2 L",
    energyClass: "A",
    soundPowerDb: 53,
    eprelNumber: "1040339",
    priceCents: 219900,
    promotionDiscountCents: 30000,
    stock: 5,
    description:
      "La caldera más potente de Saunier Duval en nuestra tienda: 35 kW para agua caliente y 30 kW para calefacción. Su microacumulación de 2 litros mantiene el agua caliente lista en el grifo y evita los cambios de temperatura en la ducha. Recomendada para viviendas grandes o con tres baños.",
    description2:
      "Incluye la promoción del fabricante de 300 € de descuento. Necesita un hueco de al menos 47 cm de fondo.",
  }),
  caldera({
    brand: "Ferroli",
    model: "Bluehelix Tech RRT 24C",
    type: "Condensación",
    powerKw: 24,
    heatingPowerKw: 20,
    flowLpm: 13.8,
    dimensions: cm(70, 40, 25),
    accumulator: null,
    energyClass: "A",
    soundPowerDb: 47,
    eprelNumber: "385902",
    priceCents: 115000,
    previousPriceCents: 125000,
    deal: true,
    stock: 1,
    description:
      "Caldera de condensación de Ferroli con solo 25 cm de fondo, ideal para sustituir calderas antiguas en armarios estrechos. Sus 24 kW de agua caliente son suficientes para un piso de uno o dos baños. Válida para gas natural y, con el kit de conversión, para propano.",
    description2:
      "Oferta de precio por tiempo limitado. Admite sonda exterior para regular la calefacción según la temperatura de la calle.",
  }),
  caldera({
    brand: "Ferroli",
    model: "Bluehelix Tech RRT 28C",
    type: "Condensación",
    powerKw: 28,
    heatingPowerKw: 24,
    flowLpm: 16.1,
    dimensions: cm(70, 40, 25),
    accumulator: null,
    energyClass: "A",
    soundPowerDb: 49,
    eprelNumber: "385907",
    priceCents: 129900,
    stock: 7,
    description:
      "Versión de 28 kW de la Bluehelix Tech, con el mismo formato compacto y un caudal de 16,1 l/min. El intercambiador de acero inoxidable y la bomba de alta eficiencia reducen el consumo de gas y de electricidad. Una buena elección para viviendas con dos baños.",
    description2:
      "Funciona con cualquier termostato de contacto libre de tensión o con el cronotermostato Ferroli Connect. Garantía de dos años en piezas.",
  }),
  caldera({
    brand: "Ferroli",
    model: "Bluehelix Alpha 34C",
    type: "Condensación",
    powerKw: 34,
    heatingPowerKw: 28,
    flowLpm: 19.5,
    dimensions: cm(74, 42, 30),
    accumulator: null,
    energyClass: "A",
    soundPowerDb: 52,
    eprelNumber: "702664",
    priceCents: 174900,
    stock: 4,
    description:
      "Caldera de condensación de 34 kW para casas unifamiliares amplias o con varios baños. El panel con pantalla LCD muestra temperatura, presión y códigos de aviso, lo que facilita el diagnóstico. Su modulación amplia evita que se encienda y apague continuamente en primavera y otoño.",
    description2:
      "Requiere salida de humos concéntrica de 60/100 mm o doble flujo de 80/80 mm. Dos años de garantía total del fabricante.",
  }),
  caldera({
    brand: "Intergas",
    model: "Kombi Kompakt HRE 24/18",
    type: "Condensación",
    powerKw: 24,
    heatingPowerKw: 18,
    flowLpm: 12.3,
    dimensions: cm(59, 45, 24),
    accumulator: null,
    energyClass: "A",
    soundPowerDb: 45,
    eprelNumber: "291573",
    priceCents: 139500,
    stock: 5,
    description:
      "Caldera holandesa de condensación con intercambiador doble de cobre y sin válvula de tres vías, lo que reduce las piezas que pueden averiarse. Da 24 kW para agua caliente y 18 kW para calefacción. Con solo 59 cm de alto es muy fácil de colocar.",
    description2:
      "Compatible con termostatos OpenTherm de otras marcas. Cinco años de garantía en el intercambiador.",
  }),
  caldera({
    brand: "Intergas",
    model: "Xtreme 36",
    type: "Condensación",
    powerKw: 36,
    heatingPowerKw: 30,
    flowLpm: 20.6,
    dimensions: cm(70, 45, 27),
    accumulator: null,
    energyClass: "A",
    soundPowerDb: 51,
    eprelNumber: "883410",
    priceCents: 259000,
    stock: 2,
    description:
      "La Xtreme recupera el calor de los gases de combustión para precalentar el agua fría sanitaria, con un rendimiento en agua caliente muy superior a la media. Con 36 kW atiende sin problema dos duchas a la vez. Es la caldera de gas más eficiente de nuestro catálogo.",
    description2:
      "Se instala como cualquier caldera de condensación: toma de gas, desagüe de condensados y salida de humos de 60/100 mm. Programable desde el móvil con el termostato Intergas Comfort Touch.",
  }),
  caldera({
    brand: "Baxi",
    model: "Platinum Compact 24/24F ECO",
    type: "Condensación",
    powerKw: 24,
    heatingPowerKw: 20,
    flowLpm: 13.8,
    dimensions: cm(70, 40, 30),
    accumulator: null,
    energyClass: "A",
    soundPowerDb: 47,
    eprelNumber: "956281",
    priceCents: 132500,
    promotionDiscountCents: 5000,
    stock: 3,
    description:
      "Caldera de condensación de Baxi con pantalla táctil y programación horaria integrada. Entrega 24 kW en agua caliente con un caudal de 13,8 l/min y sirve tanto para radiadores como para suelo radiante. Su modo ECO baja la temperatura de impulsión cuando la demanda es baja.",
    description2:
      "Promoción de Baxi de 50 € de descuento en esta caldera. Admite termostatos de encendido y apagado o modulantes OpenTherm.",
  }),
  caldera({
    brand: "Baxi",
    model: "Platinum Max Plus 28/28F",
    type: "Mixta condensación",
    powerKw: 28,
    heatingPowerKw: 24,
    flowLpm: 18,
    dimensions: cm(95, 60, 48),
    accumulator: "Acumulador integrado 45 L",
    energyClass: "A",
    soundPowerDb: 50,
    eprelNumber: "956297",
    priceCents: 239000,
    previousPriceCents: 259000,
    stock: 2,
    description:
      "Caldera de condensación con acumulador de acero inoxidable de 45 litros integrado, para hogares donde se abren varios grifos a la vez. La reserva de agua caliente evita esperas y mantiene la temperatura estable aunque funcionen la ducha y la lavadora al mismo tiempo. Potencia de 28 kW.",
    description2:
      "Por su tamaño, 95 cm de alto, suele instalarse en la galería o en un cuarto de calderas. Precio rebajado respecto a la tarifa oficial.",
  }),
];

/* --------------------------------------------------------------- termostatos */

type TermostatoSpec = Common & {
  /** Filter values: lowercase, no accent. */
  type: "analogico" | "digital";
  wifi: boolean;
  /** Needs a 220 V supply. */
  mainsPowered: boolean;
};

function termostato(spec: TermostatoSpec): NewProduct {
  return {
    family: "termostatos",
    ...identity(spec.brand, spec.model),
    ...spec,
    certification: "CE",
    energyClass: null,
  };
}

const termostatos: NewProduct[] = [
  termostato({
    brand: "Honeywell",
    model: "T87 Round",
    type: "analogico",
    wifi: false,
    mainsPowered: false,
    priceCents: 4900,
    stock: 10,
    description:
      "Termostato analógico de rueda, un clásico de Honeywell que se maneja girando el anillo exterior hasta la temperatura deseada. No necesita pilas ni programación, por lo que resulta muy cómodo para personas mayores. Rango de ajuste de 10 a 30 °C.",
    description2:
      "Se conecta con dos hilos al contacto de termostato de la caldera. Montaje en pared o sobre caja de mecanismo.",
  }),
  termostato({
    brand: "Honeywell",
    model: "T4 Programable",
    type: "digital",
    wifi: false,
    mainsPowered: false,
    priceCents: 8900,
    previousPriceCents: 9900,
    stock: 6,
    description:
      "Termostato digital programable con pantalla grande y botones fáciles de leer. Permite crear hasta seis periodos diarios y bajar la temperatura por la noche o cuando la casa está vacía. Funciona con dos pilas AA, sin cables de alimentación.",
    description2:
      "Sustituye directamente a un termostato de dos hilos. Incluye modo vacaciones y protección antihielo.",
  }),
  termostato({
    brand: "Honeywell",
    model: "T6R Smart",
    type: "digital",
    wifi: true,
    mainsPowered: true,
    priceCents: 21900,
    stock: 3,
    description:
      "Termostato inteligente inalámbrico con wifi, controlable desde la aplicación Honeywell Home. Incluye un receptor para la caldera y un soporte de sobremesa, así que puede moverse de una habitación a otra. Aprende cuánto tarda la casa en calentarse y enciende la caldera con la antelación justa.",
    description2:
      "El receptor se conecta a 230 V junto a la caldera. Compatible con Amazon Alexa, Google Assistant y Apple HomeKit.",
  }),
  termostato({
    brand: "Saunier Duval",
    model: "Exabasic",
    type: "analogico",
    wifi: false,
    mainsPowered: false,
    priceCents: 3900,
    stock: 9,
    description:
      "Termostato de ambiente analógico de Saunier Duval, de diseño sencillo y con un selector de temperatura de gran tamaño. Enciende y apaga la caldera según la temperatura de la habitación, sin programaciones. Una opción económica cuando solo se necesita controlar la temperatura.",
    description2:
      "No usa pilas ni necesita toma de corriente. Compatible con cualquier caldera que tenga entrada de termostato de encendido y apagado.",
  }),
  termostato({
    brand: "Saunier Duval",
    model: "Exacontrol E7 C",
    type: "digital",
    wifi: false,
    mainsPowered: false,
    priceCents: 12900,
    stock: 5,
    description:
      "Cronotermostato digital de programación semanal con conexión por cable a la caldera. Permite programar cada día de la semana por separado y muestra en pantalla la temperatura ambiente y la de consigna. Con calderas Saunier Duval compatibles regula de forma modulante, ajustando la temperatura del agua.",
    description2:
      "Alimentado con pilas, no requiere toma de 230 V. Trae programas predefinidos para empezar a usarlo en minutos.",
  }),
  termostato({
    brand: "Saunier Duval",
    model: "MiGo Link",
    type: "digital",
    wifi: true,
    mainsPowered: true,
    priceCents: 25900,
    stock: 2,
    description:
      "Termostato inteligente con wifi para controlar la calefacción y el agua caliente desde la aplicación MiGo. Se comunica con la caldera por el protocolo eBUS, por lo que modula la potencia en lugar de limitarse a encenderla y apagarla. Avisa en el móvil si la caldera detecta una avería.",
    description2:
      "Requiere una caldera Saunier Duval compatible con eBUS y un enchufe cercano para la pasarela de internet, que se incluye con el termostato.",
  }),
  termostato({
    brand: "Orkli",
    model: "TA-1",
    type: "analogico",
    wifi: false,
    mainsPowered: true,
    priceCents: 3500,
    stock: 12,
    description:
      "Termostato analógico de Orkli, fabricante vasco con larga tradición en componentes de calefacción. Se regula con una rueda graduada y un piloto luminoso indica cuándo está pidiendo calor a la caldera. Muy compacto, de apenas 8 cm de lado.",
    description2:
      "Necesita alimentación a 230 V para el piloto y la resistencia de anticipación, por lo que se conecta con tres hilos.",
  }),
  termostato({
    brand: "Orkli",
    model: "TD-2",
    type: "digital",
    wifi: false,
    mainsPowered: false,
    priceCents: 5900,
    stock: 8,
    description:
      "Termostato digital sencillo con pantalla retroiluminada y ajuste de temperatura en pasos de medio grado. No es programable, lo que lo hace muy fácil de usar: basta con subir o bajar la temperatura con dos botones. Precisión de ±0,5 °C.",
    description2:
      "Funciona con dos pilas AAA que duran aproximadamente un año. Se fija a la pared con dos tornillos y se conecta con dos hilos.",
  }),
  termostato({
    brand: "Orkli",
    model: "TW-3 Wifi",
    type: "digital",
    wifi: true,
    mainsPowered: true,
    priceCents: 13900,
    stock: 4,
    description:
      "Cronotermostato wifi de Orkli para manejar la calefacción desde el móvil, dentro o fuera de casa. Permite programaciones semanales, control por zonas con varios equipos y consulta del historial de temperaturas. Pantalla táctil de cristal en color blanco.",
    description2:
      "Se alimenta a 230 V desde una caja de mecanismo empotrada, así que no necesita pilas. Compatible con calderas de cualquier marca que tengan contacto de termostato.",
  }),
];

/* --------------------------------------------------------------------- aires */

/** Frigorías per hour from cooling kW (1 kW ≈ 860 fg/h). */
export const fghFromKw = (kw: number): number => Math.round(kw * 860);

type AireSpec = Common & {
  type: "Split pared" | "Conductos" | "Cassette";
  /** Cooling power, the figure the size filter uses. */
  powerKw: number;
  noiseIndoorDb: number;
  noiseOutdoorDb: number;
  dimensionsIndoor: Dimensions;
  dimensionsOutdoor: Dimensions;
  energyClass: Extract<EnergyClass, "A+++" | "A++" | "A+">;
  /** Seasonal efficiencies of the label: SEER agrees with the cooling class (Regulation (EU) 626/2011). */
  seer: number;
  scop: number;
  /** Sound power of the outdoor unit on the label, dB(A): about 13 dB above its sound pressure. */
  soundPowerDb: number;
  eprelNumber: string;
};

function aire(spec: AireSpec): NewProduct {
  return {
    family: "aires",
    ...identity(spec.brand, spec.model),
    ...spec,
    certification: `ErP ${spec.energyClass}`,
    coolingCapacityFgh: fghFromKw(spec.powerKw),
    refrigerant: "R-32",
    heatPump: true,
    inverter: true,
    // Every split is charged with R-32 joined on site: not hermetically sealed (drizzle/0013).
    fgasNotSealed: true,
  };
}

const aires: NewProduct[] = [
  aire({
    brand: "Daikin",
    model: "Sensira FTXF25E",
    type: "Split pared",
    powerKw: 2.5,
    noiseIndoorDb: 21,
    noiseOutdoorDb: 46,
    dimensionsIndoor: cm(29, 77, 23),
    dimensionsOutdoor: cm(55, 66, 28),
    energyClass: "A++",
    seer: 6.35,
    scop: 4.1,
    soundPowerDb: 60,
    eprelNumber: "1203458",
    priceCents: 69900,
    stock: 6,
    description:
      "Split de pared de Daikin de 2,5 kW con bomba de calor, pensado para dormitorios y despachos. Usa refrigerante R-32, de menor impacto ambiental, y su tecnología inverter evita los arranques bruscos del compresor. En modo silencioso la unidad interior baja hasta 21 dB.",
    description2:
      "Control wifi opcional mediante el adaptador Daikin Onecta. Filtro de polvo lavable y función de deshumidificación.",
  }),
  aire({
    brand: "Daikin",
    model: "Sensira FTXF35E",
    type: "Split pared",
    powerKw: 3.5,
    noiseIndoorDb: 22,
    noiseOutdoorDb: 48,
    dimensionsIndoor: cm(29, 77, 23),
    dimensionsOutdoor: cm(55, 66, 28),
    energyClass: "A++",
    seer: 6.14,
    scop: 4,
    soundPowerDb: 61,
    eprelNumber: "1203461",
    priceCents: 79900,
    previousPriceCents: 84900,
    stock: 4,
    description:
      "Versión de 3,5 kW de la gama Sensira, adecuada para salones o dormitorios grandes. Mantiene la clase A++ en refrigeración y su modo confort dirige el aire para que no incida directamente sobre las personas. El modo potente enfría la estancia en pocos minutos.",
    description2:
      "La unidad exterior pesa menos de 30 kg y se cuelga en fachada con soportes estándar. Mando a distancia con temporizador incluido.",
  }),
  aire({
    brand: "Daikin",
    model: "FFA50A9",
    type: "Cassette",
    powerKw: 5,
    noiseIndoorDb: 29,
    noiseOutdoorDb: 48,
    dimensionsIndoor: cm(26, 58, 58),
    dimensionsOutdoor: cm(73, 87, 37),
    energyClass: "A++",
    seer: 6.5,
    scop: 4.2,
    soundPowerDb: 62,
    eprelNumber: "587214",
    priceCents: 189000,
    stock: 2,
    description:
      "Cassette de techo de 60 × 60 cm que encaja en la retícula de un falso techo modular, pensado para locales, oficinas o salones amplios. Reparte el aire en cuatro direcciones y sus 5 kW mantienen una temperatura uniforme en toda la sala. La unidad interior queda prácticamente oculta.",
    description2:
      "Requiere falso techo registrable con al menos 26 cm de altura libre. La bomba de condensados viene incorporada.",
  }),
  aire({
    brand: "Mitsubishi",
    model: "MSZ-AP25VGK",
    type: "Split pared",
    powerKw: 2.5,
    noiseIndoorDb: 19,
    noiseOutdoorDb: 46,
    dimensionsIndoor: cm(30, 80, 23),
    dimensionsOutdoor: cm(55, 80, 29),
    energyClass: "A+++",
    seer: 8.7,
    scop: 4.7,
    soundPowerDb: 58,
    eprelNumber: "1088342",
    priceCents: 89900,
    stock: 3,
    description:
      "Split de pared de gama alta de Mitsubishi Electric con wifi integrado y clase A+++ en refrigeración. Su unidad interior es de las más silenciosas del mercado, con 19 dB a la velocidad mínima. Lleva un filtro antialérgico que retiene polen y polvo fino.",
    description2:
      "Se controla desde la aplicación MELCloud sin accesorios adicionales. Tres años de garantía del fabricante.",
  }),
  aire({
    brand: "Mitsubishi",
    model: "MSZ-HR35VF",
    type: "Split pared",
    powerKw: 3.5,
    noiseIndoorDb: 22,
    noiseOutdoorDb: 49,
    dimensionsIndoor: cm(30, 80, 22),
    dimensionsOutdoor: cm(55, 80, 29),
    energyClass: "A++",
    seer: 6.6,
    scop: 4,
    soundPowerDb: 62,
    eprelNumber: "441907",
    priceCents: 81900,
    stock: 7,
    description:
      "Modelo de entrada de Mitsubishi Electric, con la fiabilidad del fabricante japonés a un precio contenido. Ofrece 3,5 kW de frío y algo más en calor, adecuados para un salón de tamaño medio. Tras apagarlo, su función de autolimpieza seca la unidad interior para evitar olores.",
    description2:
      "Mando a distancia con programación semanal incluido. Admite control wifi con un adaptador opcional.",
  }),
  aire({
    brand: "Mitsubishi",
    model: "PEAD-M50JA",
    type: "Conductos",
    powerKw: 5,
    noiseIndoorDb: 23,
    noiseOutdoorDb: 44,
    dimensionsIndoor: cm(25, 90, 73),
    dimensionsOutdoor: cm(71, 80, 29),
    energyClass: "A++",
    seer: 6.4,
    scop: 4.3,
    soundPowerDb: 57,
    eprelNumber: "1306775",
    priceCents: 179000,
    stock: 2,
    description:
      "Equipo de conductos de presión media que climatiza varias habitaciones desde una sola unidad oculta en el falso techo. Sus 5 kW y la presión estática ajustable permiten poner rejillas en el salón y en los dormitorios con un único equipo. Solo quedan a la vista las rejillas de impulsión y retorno.",
    description2:
      "La red de conductos y las rejillas se presupuestan aparte tras visitar la vivienda. Incluye un termostato de pared con cable.",
  }),
  aire({
    brand: "Saunier Duval",
    model: "VivAir SDH 20-025NW",
    type: "Split pared",
    powerKw: 2.5,
    noiseIndoorDb: 24,
    noiseOutdoorDb: 50,
    dimensionsIndoor: cm(27, 79, 20),
    dimensionsOutdoor: cm(55, 72, 27),
    energyClass: "A++",
    seer: 6.1,
    scop: 4,
    soundPowerDb: 62,
    eprelNumber: "1412093",
    priceCents: 55900,
    stock: 10,
    description:
      "El split más económico del catálogo, con todo lo esencial: inverter, bomba de calor y refrigerante R-32. Sus 2,5 kW bastan para un dormitorio o una habitación de trabajo. Una pantalla en el frontal indica la temperatura seleccionada.",
    description2:
      "Dos años de garantía total y cinco años en el compresor. El mando a distancia incluye modo noche.",
  }),
  aire({
    brand: "Saunier Duval",
    model: "VivAir SDH 20-030NW",
    type: "Split pared",
    powerKw: 3,
    noiseIndoorDb: 25,
    noiseOutdoorDb: 50,
    dimensionsIndoor: cm(27, 79, 20),
    dimensionsOutdoor: cm(55, 72, 27),
    energyClass: "A++",
    seer: 6.2,
    scop: 4,
    soundPowerDb: 63,
    eprelNumber: "1412097",
    priceCents: 59900,
    stock: 3,
    description:
      "Unidad de 3 kW para quien necesita algo más de potencia que un split de dormitorio sin llegar a un equipo de salón. El modo turbo enfría rápido al llegar a casa y el modo sueño sube la temperatura poco a poco durante la noche. Refrigerante R-32 y compresor inverter.",
    description2:
      "Wifi opcional mediante un módulo de Saunier Duval. Las unidades interior y exterior se unen con tubería frigorífica de 1/4 y 3/8 de pulgada.",
  }),
  aire({
    brand: "Saunier Duval",
    model: "VivAir SDH 20-050NW",
    type: "Split pared",
    powerKw: 5,
    noiseIndoorDb: 32,
    noiseOutdoorDb: 54,
    dimensionsIndoor: cm(31, 97, 23),
    dimensionsOutdoor: cm(70, 80, 33),
    energyClass: "A+",
    seer: 5.7,
    scop: 4,
    soundPowerDb: 67,
    eprelNumber: "1412104",
    priceCents: 89900,
    previousPriceCents: 94900,
    stock: 4,
    description:
      "Split de pared de 5 kW, la opción más asequible para salones grandes o espacios diáfanos. Clase A+ en refrigeración, con un compresor inverter que adapta su velocidad a la temperatura de la estancia. Sus lamas motorizadas orientan el aire en vertical y en horizontal.",
    description2:
      "La unidad exterior mide 70 cm de alto: conviene comprobar el espacio disponible en el balcón o la terraza. Cinco años de garantía en el compresor.",
  }),
  aire({
    brand: "Fujitsu",
    model: "ASY20UI-KP",
    type: "Split pared",
    powerKw: 2,
    noiseIndoorDb: 21,
    noiseOutdoorDb: 46,
    dimensionsIndoor: cm(27, 79, 22),
    dimensionsOutdoor: cm(54, 66, 29),
    energyClass: "A+++",
    seer: 8.5,
    scop: 4.6,
    soundPowerDb: 58,
    eprelNumber: "975310",
    priceCents: 62900,
    stock: 5,
    description:
      "El split más pequeño de Fujitsu en nuestra tienda, con 2 kW y clase A+++ en refrigeración. Indicado para dormitorios infantiles o estudios donde se busca poco ruido y bajo consumo. Incluye un filtro purificador de larga duración.",
    description2:
      "Compatible con el control wifi FGLair mediante un adaptador opcional. Temporizador de encendido y apagado programable desde el mando.",
  }),
  aire({
    brand: "Fujitsu",
    model: "ASY35UI-KP",
    type: "Split pared",
    powerKw: 3.5,
    noiseIndoorDb: 22,
    noiseOutdoorDb: 48,
    dimensionsIndoor: cm(27, 79, 22),
    dimensionsOutdoor: cm(54, 66, 29),
    energyClass: "A++",
    seer: 7.1,
    scop: 4.1,
    soundPowerDb: 61,
    eprelNumber: "975318",
    priceCents: 72900,
    stock: 8,
    description:
      "Split de 3,5 kW con bomba de calor capaz de calentar con temperaturas exteriores de hasta -15 °C, algo útil en los inviernos de la sierra madrileña. Tiene modo económico, que limita el consumo máximo, y barrido automático de lamas.",
    description2:
      "Instalación estándar en pared con la unidad exterior en fachada, balcón o cubierta. Mando a distancia con pantalla retroiluminada.",
  }),
  aire({
    brand: "Fujitsu",
    model: "ASY40UI-KP",
    type: "Split pared",
    powerKw: 4,
    noiseIndoorDb: 24,
    noiseOutdoorDb: 49,
    dimensionsIndoor: cm(27, 79, 22),
    dimensionsOutdoor: cm(62, 79, 29),
    energyClass: "A++",
    seer: 6.8,
    scop: 4,
    soundPowerDb: 62,
    eprelNumber: "975322",
    priceCents: 84900,
    stock: 1,
    description:
      "Equipo de 4 kW para salones o plantas diáfanas, con la misma unidad interior compacta que el resto de la gama. El compresor inverter de doble rotor reduce las vibraciones y mantiene contenido el ruido exterior. Rendimiento estable en frío y en calor durante todo el año.",
    description2:
      "Admite hasta 20 m de tubería frigorífica sin carga adicional de refrigerante. Tres años de garantía del fabricante.",
  }),
];

/* ---------------------------------------------------------------- aerotermia */

const SIN_ACUMULADOR = "Sin acumulador";

type AerotermiaSpec = Common & {
  type: "Monobloc" | "Bibloc" | "Bibloc con depósito integrado";
  /** Heating power, the figure the size filter uses. */
  powerKw: number;
  accumulator: string;
  controller: string;
  dimensionsOutdoor: Dimensions;
  /** Null for a monobloc without an indoor unit. */
  dimensionsIndoor: Dimensions | null;
  /** Null when there is no tank; for an integrated tank, the indoor unit that holds it. */
  dimensionsTank: Dimensions | null;
  energyClass: Extract<EnergyClass, "A+++" | "A++">;
  /** Cooling (the units are reversible) and heating seasonal efficiencies, average climate. */
  seer: number;
  scop: number;
  /** Sound power of the outdoor unit on the label, dB(A). */
  soundPowerDb: number;
  eprelNumber: string;
};

function aerotermia(spec: AerotermiaSpec): NewProduct {
  return {
    family: "aerotermia",
    ...identity(spec.brand, spec.model),
    ...spec,
    certification: `ErP ${spec.energyClass}`,
    heatPump: true,
    // A bibloc joins its refrigerant lines on site; a monobloc's circuit is sealed in the factory (drizzle/0013).
    fgasNotSealed: spec.type.startsWith("Bibloc"),
  };
}

const aerotermiaProducts: NewProduct[] = [
  aerotermia({
    brand: "Daikin",
    model: "Altherma 3 M EBLA08E3V3",
    type: "Monobloc",
    powerKw: 8,
    accumulator: SIN_ACUMULADOR,
    controller: "Interfaz de usuario MMI con wifi Daikin Onecta",
    dimensionsOutdoor: cm(87, 146, 46),
    dimensionsIndoor: null,
    dimensionsTank: null,
    energyClass: "A+++",
    seer: 5.9,
    scop: 4.9,
    soundPowerDb: 58,
    eprelNumber: "1175520",
    priceCents: 649000,
    stock: 3,
    description:
      "Bomba de calor aerotérmica monobloc de Daikin: todo el circuito frigorífico va en la unidad exterior y a la casa solo llegan tuberías de agua. Con 8 kW da calefacción a radiadores de baja temperatura o suelo radiante, y refrigeración en verano con fancoils. Utiliza refrigerante R-32.",
    description2:
      "Al no tener unidad interior ni depósito, puede combinarse más adelante con un acumulador de ACS de la marca. El control de usuario se coloca dentro de la vivienda.",
  }),
  aerotermia({
    brand: "Daikin",
    model: "Altherma 3 R F EHVX04S18E6V",
    type: "Bibloc con depósito integrado",
    powerKw: 4,
    accumulator: "Depósito ACS 180 L",
    controller: "Interfaz táctil MMI con wifi Daikin Onecta",
    dimensionsOutdoor: cm(74, 88, 31),
    dimensionsIndoor: cm(165, 60, 63),
    dimensionsTank: cm(165, 60, 63),
    energyClass: "A+++",
    seer: 5.5,
    scop: 4.75,
    soundPowerDb: 58,
    eprelNumber: "498215",
    priceCents: 689000,
    previousPriceCents: 719000,
    stock: 2,
    description:
      "Unidad interior de pie con un depósito de agua caliente de 180 litros integrado, que ocupa lo mismo que un frigorífico. Con 4 kW es la opción adecuada para pisos bien aislados o viviendas de obra nueva. Produce calefacción, refrigeración y agua caliente sanitaria con un solo equipo.",
    description2:
      "La unidad exterior se une a la interior con dos tuberías frigoríficas, por lo que la instala personal con carné de gases fluorados. Ocupa 60 × 63 cm de suelo.",
  }),
  aerotermia({
    brand: "Daikin",
    model: "Altherma 3 H HT EPRA16DV3",
    type: "Bibloc",
    powerKw: 16,
    accumulator: "Depósito ACS 300 L",
    controller: "Control por cable MMI con wifi Daikin Onecta",
    dimensionsOutdoor: cm(87, 110, 46),
    dimensionsIndoor: cm(84, 44, 39),
    dimensionsTank: cm(160, 60, 60),
    energyClass: "A++",
    seer: 4.8,
    scop: 4.3,
    soundPowerDb: 64,
    eprelNumber: "512876",
    priceCents: 949000,
    stock: 1,
    description:
      "Aerotermia de alta temperatura que impulsa agua hasta 70 °C, pensada para sustituir una caldera de gasóleo o de gas sin cambiar los radiadores. Sus 16 kW permiten calentar casas unifamiliares grandes o con poco aislamiento. Mantiene el funcionamiento con temperaturas exteriores de hasta -28 °C.",
    description2:
      "Incluye un depósito de ACS independiente de 300 litros. Recomendamos una visita técnica previa para revisar el estado de los radiadores.",
  }),
  aerotermia({
    brand: "Saunier Duval",
    model: "GeniaAir Max 6",
    type: "Monobloc",
    powerKw: 6,
    accumulator: SIN_ACUMULADOR,
    controller: "Centralita MiPro Sense con pasarela wifi MiLink",
    dimensionsOutdoor: cm(77, 110, 45),
    dimensionsIndoor: null,
    dimensionsTank: null,
    energyClass: "A+++",
    seer: 5.8,
    scop: 5,
    soundPowerDb: 53,
    eprelNumber: "1529046",
    priceCents: 429000,
    previousPriceCents: 459000,
    stock: 4,
    description:
      "Bomba de calor monobloc que utiliza propano (R-290), un refrigerante natural con un impacto climático muy bajo. Sus 6 kW son suficientes para un piso o un adosado pequeño con radiadores de baja temperatura o suelo radiante. Alcanza 75 °C de impulsión, útil para producir agua caliente sanitaria.",
    description2:
      "Se puede ampliar con un depósito de ACS independiente cuando se necesite. La centralita MiPro Sense permite programarla desde el móvil.",
  }),
  aerotermia({
    brand: "Saunier Duval",
    model: "GeniaAir Split 10",
    type: "Bibloc con depósito integrado",
    powerKw: 10,
    accumulator: "Depósito ACS 190 L",
    controller: "Centralita MiPro Sense con pantalla táctil y wifi",
    dimensionsOutdoor: cm(98, 110, 46),
    dimensionsIndoor: cm(180, 60, 70),
    dimensionsTank: cm(180, 60, 70),
    energyClass: "A+++",
    seer: 5.2,
    scop: 4.7,
    soundPowerDb: 59,
    eprelNumber: "1298431",
    priceCents: 789000,
    stock: 3,
    description:
      "Conjunto bibloc formado por la unidad exterior GeniaAir Split de 10 kW y el módulo interior Genia Set, con depósito de 190 litros y todos los componentes hidráulicos montados de fábrica. Cubre la calefacción, la refrigeración y el agua caliente de una vivienda familiar de tamaño medio.",
    description2:
      "El módulo interior mide 180 cm de alto y necesita 60 × 70 cm de suelo. Control centralizado con conexión a internet.",
  }),
  aerotermia({
    brand: "Saunier Duval",
    model: "GeniaAir Max 12",
    type: "Monobloc",
    powerKw: 12,
    accumulator: SIN_ACUMULADOR,
    controller: "Centralita MiPro Sense con pasarela wifi MiLink",
    dimensionsOutdoor: cm(97, 110, 45),
    dimensionsIndoor: null,
    dimensionsTank: null,
    energyClass: "A+++",
    seer: 5.4,
    scop: 4.8,
    soundPowerDb: 58,
    eprelNumber: "1529060",
    priceCents: 729000,
    stock: 2,
    description:
      "La monobloc GeniaAir Max en su versión de 12 kW, para viviendas unifamiliares que sustituyen una caldera de gas o de gasóleo. Funciona con propano (R-290) y mantiene un buen rendimiento en calefacción hasta -25 °C exteriores. Su modo nocturno limita la velocidad del ventilador para que apenas se oiga.",
    description2:
      "Puede trabajar en cascada con otra unidad igual si en el futuro se amplía la vivienda. Como toda monobloc, no requiere manipular gases fluorados en la instalación.",
  }),
  aerotermia({
    brand: "Junkers",
    model: "Supraeco A SAO 80-2 ACM",
    type: "Bibloc con depósito integrado",
    powerKw: 8,
    accumulator: "Depósito ACS 190 L",
    controller: "Controlador HMC310 con wifi integrado",
    dimensionsOutdoor: cm(138, 93, 44),
    dimensionsIndoor: cm(184, 60, 66),
    dimensionsTank: cm(184, 60, 66),
    energyClass: "A+++",
    seer: 5,
    scop: 4.6,
    soundPowerDb: 57,
    eprelNumber: "806127",
    priceCents: 639000,
    previousPriceCents: 679000,
    stock: 5,
    description:
      "Equipo bibloc de Junkers, marca del grupo Bosch, con un módulo interior que integra depósito de 190 litros, vaso de expansión y resistencia de apoyo. Con 8 kW es una solución completa de calefacción, refrigeración y agua caliente para una vivienda de tamaño medio.",
    description2:
      "El controlador con wifi permite gestionar el equipo desde la aplicación de Bosch. Cinco años de garantía en el compresor al registrar el equipo.",
  }),
  aerotermia({
    brand: "Junkers",
    model: "Supraeco A SAO 150-2 ACB",
    type: "Bibloc",
    powerKw: 15,
    accumulator: "Depósito ACS 300 L",
    controller: "Controlador HMC310 con wifi integrado",
    dimensionsOutdoor: cm(138, 93, 44),
    dimensionsIndoor: cm(70, 49, 39),
    dimensionsTank: cm(190, 60, 60),
    energyClass: "A++",
    seer: 4.6,
    scop: 4.4,
    soundPowerDb: 63,
    eprelNumber: "806139",
    priceCents: 899000,
    stock: 2,
    description:
      "La versión de 15 kW de la Supraeco A, para casas grandes o instalaciones con mucha demanda de calefacción. El módulo hidráulico mural se coloca en un cuarto técnico junto a un depósito de ACS independiente de 300 litros. Trabaja con radiadores, suelo radiante o fancoils.",
    description2:
      "La versión que vendemos es monofásica, a 230 V. Los 300 litros de agua caliente cubren el consumo diario de una familia de cinco personas.",
  }),
  aerotermia({
    brand: "Mitsubishi",
    model: "Ecodan PUZ-WM85VAA",
    type: "Bibloc con depósito integrado",
    powerKw: 8,
    accumulator: "Depósito ACS 200 L",
    controller: "Controlador principal Ecodan con wifi MELCloud",
    dimensionsOutdoor: cm(74, 95, 33),
    dimensionsIndoor: cm(160, 60, 68),
    dimensionsTank: cm(160, 60, 68),
    energyClass: "A+++",
    seer: 5.3,
    scop: 4.65,
    soundPowerDb: 58,
    eprelNumber: "1364509",
    priceCents: 759000,
    stock: 3,
    description:
      "Sistema Ecodan de Mitsubishi Electric con unidad exterior de 8 kW e Hydrotank de 200 litros, un mueble de suelo que agrupa depósito, bomba y electrónica. Usa refrigerante R-32 y produce agua a 60 °C sin recurrir a la resistencia eléctrica.",
    description2:
      "El seguimiento de consumos desde MELCloud está incluido sin cuota. La unidad exterior pesa unos 60 kg y admite montaje en suelo o sobre soportes.",
  }),
  aerotermia({
    brand: "Mitsubishi",
    model: "Ecodan PUZ-HWM140VHA",
    type: "Bibloc",
    powerKw: 14,
    accumulator: SIN_ACUMULADOR,
    controller: "Controlador principal Ecodan con wifi MELCloud",
    dimensionsOutdoor: cm(134, 105, 48),
    dimensionsIndoor: cm(80, 53, 36),
    dimensionsTank: null,
    energyClass: "A++",
    seer: 4.9,
    scop: 4.35,
    soundPowerDb: 62,
    eprelNumber: "1364522",
    priceCents: 849000,
    stock: 2,
    description:
      "Ecodan de 14 kW con hydrobox mural, una configuración pensada para casas grandes que ya tienen un depósito de agua caliente o que no lo necesitan. Impulsa agua hasta 60 °C, suficiente para la mayoría de los radiadores dimensionados para una caldera de condensación.",
    description2:
      "El hydrobox mide 80 × 53 cm y se cuelga en la pared como una caldera. Puede conectarse a un depósito existente mediante una válvula de tres vías.",
  }),
];

/** Insertion order matters: ids follow it, so the boilers are 1..13. */
export const demoCatalogue: NewProduct[] = [...calderas, ...termostatos, ...aires, ...aerotermiaProducts];
