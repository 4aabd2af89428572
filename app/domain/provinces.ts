/**
 * The 50 Spanish provinces (spec section 3, "Catalogue constants"), island groups included,
 * by their usual Spanish names in alphabetical order. Ceuta and Melilla are autonomous cities,
 * not provinces, and are not listed.
 */
export const PROVINCES = [
  "A Coruña",
  "Álava",
  "Albacete",
  "Alicante",
  "Almería",
  "Asturias",
  "Ávila",
  "Badajoz",
  "Barcelona",
  "Bizkaia",
  "Burgos",
  "Cáceres",
  "Cádiz",
  "Cantabria",
  "Castellón",
  "Ciudad Real",
  "Córdoba",
  "Cuenca",
  "Gipuzkoa",
  "Girona",
  "Granada",
  "Guadalajara",
  "Huelva",
  "Huesca",
  "Illes Balears",
  "Jaén",
  "La Rioja",
  "Las Palmas",
  "León",
  "Lleida",
  "Lugo",
  "Madrid",
  "Málaga",
  "Murcia",
  "Navarra",
  "Ourense",
  "Palencia",
  "Pontevedra",
  "Salamanca",
  "Santa Cruz de Tenerife",
  "Segovia",
  "Sevilla",
  "Soria",
  "Tarragona",
  "Teruel",
  "Toledo",
  "Valencia",
  "Valladolid",
  "Zamora",
  "Zaragoza",
] as const;

export type Province = (typeof PROVINCES)[number];

/** Where installation and maintenance are offered (spec sections 1 and 5). */
export const SERVICE_PROVINCE: Province = "Madrid";

/**
 * The provinces an address may choose: only Madrid when the basket holds an installation or
 * maintenance line for Madrid (spec section 5), all 50 otherwise.
 */
export function provinceChoices(madridOnly: boolean): readonly Province[] {
  return madridOnly ? [SERVICE_PROVINCE] : PROVINCES;
}

export function isProvince(value: string): value is Province {
  return (PROVINCES as readonly string[]).includes(value);
}
