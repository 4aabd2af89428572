/*
 * Where the advisor's figures come from (decision 0014), shown under each result. A figure
 * that is our own simplification says so: the visitor should know which numbers are the
 * building code's and which are a shop's rule of thumb.
 */

export type SourceKey =
  | "climateZones"
  | "hotWaterDemand"
  | "heatingRule"
  | "coolingRule"
  | "occupantHeat"
  | "showerFlow"
  | "ourEstimate";

export type Source = { title: string; detail: string; url?: string };

const CTE_HE = "https://www.codigotecnico.org/pdf/Documentos/HE/DBHE.pdf";

export const SOURCES: Record<SourceKey, Source> = {
  climateZones: {
    title: "Código Técnico de la Edificación, DB-HE, Anejo B (tabla a-Anejo B, zonas climáticas)",
    detail:
      "La zona de invierno (α, A, B, C, D, E) y de verano (1 a 4) de cada provincia según la altitud; usamos la de la capital, a la altitud que da la tabla a-Anejo G del mismo documento.",
    url: CTE_HE,
  },
  hotWaterDemand: {
    title: "Código Técnico de la Edificación, DB-HE, Anejo F (demanda de referencia de agua caliente)",
    detail: "28 litros por persona y día a 60 °C en viviendas; el paso a otra temperatura de acumulación es la fórmula del mismo documento.",
    url: CTE_HE,
  },
  heatingRule: {
    title: "Regla práctica de los instaladores para calefacción",
    detail:
      "85 W por m² de techo normal, multiplicados por la zona de invierno (A 0,88; B 0,95; C 1,04; D 1,12; E 1,19), el aislamiento (0,93 / 1 / 1,10) y la orientación (sur 0,92, norte 1,12). El factor de la zona α de Canarias (0,80) es nuestro.",
    url: "https://www.mator.es/noticias-mator/articulos-climatizacion/cuantos-kw-se-necesitan-para-calentar-un-metro-cuadrado/",
  },
  coolingRule: {
    title: "Regla práctica de los instaladores para aire acondicionado",
    detail:
      "Unas 100 frigorías/hora por m² en una estancia de techo normal; 1 kW equivale a 860 frigorías/hora. Los ajustes por zona de verano, aislamiento y sol son nuestra simplificación.",
    url: "https://gasyclimamadrid.com/blog/como-calcular-las-frigorias-que-necesitas-para-tu-aire-acondicionado",
  },
  occupantHeat: {
    title: "ASHRAE Handbook, Fundamentals, capítulo 18, tabla 1",
    detail: "Una persona en casa con actividad ligera desprende unos 130 W (75 W de calor sensible y 55 W de calor latente, la humedad).",
  },
  showerFlow: {
    title: "Caudal de agua caliente de las calderas mixtas",
    detail:
      "Las fichas de las calderas dan el caudal calentando el agua 25 °C; una ducha cómoda gasta unos 10 l/min. Potencia = litros por minuto × 25 °C × 4,186 ÷ 60.",
  },
  ourEstimate: {
    title: "Estimación nuestra",
    detail:
      "Los márgenes de tamaño y el tiempo de recuperación del agua caliente son criterios nuestros. Es una orientación: en la visita gratuita medimos su casa y confirmamos la potencia.",
  },
};
