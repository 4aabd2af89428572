import type { Province } from "../provinces";

/*
 * The climate zones of the Spanish building code for each province capital (issue 15, sizing
 * advisor; decision 0014). Código Técnico de la Edificación, Documento Básico HE "Ahorro de
 * energía" (2019 text, RD 732/2019, consolidated 14 June 2022), Anejo B, "Tabla a-Anejo B.
 * Zonas climáticas": a zone by province and altitude band. The 2013 text called it table B.1
 * and listed a reference altitude per capital; the 2019 text takes the capitals' altitudes
 * from its table a-Anejo G, which is where the altitudes below come from.
 *
 * The letter is the winter severity (α mildest, then A to E), the figure the summer severity
 * (1 mildest to 4). A home far above or below its capital may fall in another band: the
 * advisor says so, and the visit checks it.
 */

export const WINTER_ZONES = ["α", "A", "B", "C", "D", "E"] as const;
export type WinterZone = (typeof WINTER_ZONES)[number];
export type SummerZone = 1 | 2 | 3 | 4;

export type ClimateZone = {
  capital: string;
  /** Metres above sea level (DB-HE, table a-Anejo G). */
  altitudeM: number;
  winter: WinterZone;
  summer: SummerZone;
};

const zone = (capital: string, altitudeM: number, code: `${WinterZone}${SummerZone}`): ClimateZone => ({
  capital,
  altitudeM,
  winter: code.charAt(0) as WinterZone,
  summer: Number(code.charAt(1)) as SummerZone,
});

/** Each capital's band of table a-Anejo B at the capital's altitude. */
export const CLIMATE_ZONES: Record<Province, ClimateZone> = {
  "A Coruña": zone("A Coruña", 26, "C1"),
  "Álava": zone("Vitoria-Gasteiz", 540, "D1"),
  Albacete: zone("Albacete", 686, "D3"),
  Alicante: zone("Alicante", 8, "B4"),
  "Almería": zone("Almería", 16, "A4"),
  Asturias: zone("Oviedo", 232, "D1"),
  "Ávila": zone("Ávila", 1131, "E1"),
  Badajoz: zone("Badajoz", 186, "C4"),
  Barcelona: zone("Barcelona", 12, "C2"),
  Bizkaia: zone("Bilbao", 6, "C1"),
  Burgos: zone("Burgos", 929, "E1"),
  "Cáceres": zone("Cáceres", 459, "C4"),
  "Cádiz": zone("Cádiz", 14, "A3"),
  Cantabria: zone("Santander", 11, "C1"),
  "Castellón": zone("Castellón de la Plana", 27, "B3"),
  "Ciudad Real": zone("Ciudad Real", 628, "D3"),
  "Córdoba": zone("Córdoba", 106, "B4"),
  Cuenca: zone("Cuenca", 999, "D2"),
  Gipuzkoa: zone("San Sebastián", 12, "D1"),
  Girona: zone("Girona", 70, "C2"),
  Granada: zone("Granada", 683, "C3"),
  Guadalajara: zone("Guadalajara", 685, "D3"),
  Huelva: zone("Huelva", 30, "A4"),
  Huesca: zone("Huesca", 488, "D2"),
  "Illes Balears": zone("Palma", 15, "B3"),
  "Jaén": zone("Jaén", 568, "C4"),
  "La Rioja": zone("Logroño", 385, "D2"),
  "Las Palmas": zone("Las Palmas de Gran Canaria", 13, "α3"),
  "León": zone("León", 838, "E1"),
  Lleida: zone("Lleida", 182, "D3"),
  Lugo: zone("Lugo", 454, "D1"),
  Madrid: zone("Madrid", 655, "D3"),
  "Málaga": zone("Málaga", 11, "A3"),
  Murcia: zone("Murcia", 39, "B3"),
  Navarra: zone("Pamplona", 490, "D1"),
  Ourense: zone("Ourense", 139, "C3"),
  Palencia: zone("Palencia", 734, "D1"),
  Pontevedra: zone("Pontevedra", 27, "C1"),
  Salamanca: zone("Salamanca", 800, "D2"),
  "Santa Cruz de Tenerife": zone("Santa Cruz de Tenerife", 5, "α3"),
  Segovia: zone("Segovia", 1002, "D2"),
  Sevilla: zone("Sevilla", 11, "B4"),
  Soria: zone("Soria", 1063, "E1"),
  Tarragona: zone("Tarragona", 69, "B3"),
  Teruel: zone("Teruel", 912, "D2"),
  Toledo: zone("Toledo", 629, "D3"),
  Valencia: zone("Valencia", 13, "B3"),
  Valladolid: zone("Valladolid", 698, "D2"),
  Zamora: zone("Zamora", 649, "D2"),
  Zaragoza: zone("Zaragoza", 199, "C3"),
};

/** "D3": how the code writes a zone. */
export function zoneCode(zone: Pick<ClimateZone, "winter" | "summer">): string {
  return `${zone.winter}${zone.summer}`;
}
