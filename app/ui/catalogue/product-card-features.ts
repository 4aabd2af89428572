import type { CatalogueProduct, Dimensions } from "~/domain/catalogue/product";

/** The per-family lines of a card's "Caracteristicas" panel (spec section 2, "Card extras"). */
export type Feature = { label: string; value: string };

const number = new Intl.NumberFormat("es-ES", { maximumFractionDigits: 1 });
const yesNo = (value: boolean | null) => (value ? "SI" : "NO");
const dims = (d: Dimensions) => `${number.format(d.alto)} × ${number.format(d.ancho)} × ${number.format(d.fondo)} cm`;

export function cardFeatures(p: CatalogueProduct): Feature[] {
  const list: (Feature | null)[] = [];
  const kw = p.powerKw !== null ? { label: "Potencia", value: `${number.format(p.powerKw)} kW` } : null;
  switch (p.family) {
    case "calderas":
      list.push(
        kw,
        p.flowLpm !== null ? { label: "Caudal", value: `${number.format(p.flowLpm)} l/m` } : null,
        { label: "Tipo", value: p.type },
        p.dimensions ? { label: "Alto × ancho × fondo", value: dims(p.dimensions) } : null,
      );
      break;
    case "termostatos":
      list.push(
        { label: "Wifi", value: yesNo(p.wifi) },
        { label: "Alimentación 220 V", value: yesNo(p.mainsPowered) },
        { label: "Tipo", value: p.type === "analogico" ? "Analógico" : "Digital" },
      );
      break;
    case "aires":
      list.push(
        kw,
        p.coolingCapacityFgh !== null ? { label: "Frigorías", value: `${number.format(p.coolingCapacityFgh)} fg/h` } : null,
        p.noiseIndoorDb !== null ? { label: "Ruido interior", value: `${number.format(p.noiseIndoorDb)} dB` } : null,
        p.noiseOutdoorDb !== null ? { label: "Ruido exterior", value: `${number.format(p.noiseOutdoorDb)} dB` } : null,
        p.refrigerant ? { label: "Refrigerante", value: p.refrigerant } : null,
        p.heatPump ? { label: "Bomba de calor", value: "SI" } : null,
        p.inverter ? { label: "Inverter", value: "SI" } : null,
      );
      break;
    case "aerotermia":
      list.push(
        kw,
        p.accumulator ? { label: "Acumulador", value: p.accumulator } : null,
        p.controller ? { label: "Controlador", value: p.controller } : null,
        { label: "Unidad exterior", value: yesNo(p.dimensionsOutdoor !== null) },
        { label: "Unidad interior", value: yesNo(p.dimensionsIndoor !== null) },
      );
      break;
  }
  return list.filter((f): f is Feature => f !== null);
}
