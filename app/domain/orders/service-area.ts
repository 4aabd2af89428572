import { normalizePostcode, POSTCODE_MESSAGE } from "../fields/postcode";
import { PROVINCE_POSTCODES, PROVINCES, type Province } from "../provinces";
import type { CoverageAnswer, CoverageContext } from "./coverage-form";

/*
 * Where installation and maintenance are offered (issue 15): a list of postcode prefixes from
 * configuration (SERVICE_POSTCODE_PREFIXES, "28" by default: the Comunidad de Madrid). The one
 * rule for the postcode check of product and service pages, the checkout and the order
 * transaction; the provinces an address in the area can have follow from the same list.
 */

/** The area as the checkout and the pages need it: its name (SHOP_SERVICE_AREA) and prefixes. */
export type ServiceArea = { name: string; prefixes: readonly string[] };

/** Whether `postcode` (spaces allowed) is a Spanish postcode that starts with one of `prefixes`. */
export function inServiceArea(prefixes: readonly string[], postcode: string): boolean {
  const cp = normalizePostcode(postcode);
  return cp !== null && prefixes.some((prefix) => prefix !== "" && cp.startsWith(prefix));
}

/**
 * The provinces an address inside the area can be in: those whose postcodes (two first digits)
 * some prefix can start ("28" and "28001": Madrid; "4": Ávila ... Zaragoza from 40 to 49).
 */
export function serviceAreaProvinces(prefixes: readonly string[]): Province[] {
  return PROVINCES.filter((province) => {
    const code = PROVINCE_POSTCODES[province];
    return prefixes.some((prefix) => (prefix.length >= 2 ? prefix.slice(0, 2) === code : code.startsWith(prefix)));
  });
}

/** "28", "28, 19 y 45": the prefixes as a customer reads them. */
export function prefixList(prefixes: readonly string[]): string {
  const list = [...prefixes];
  const last = list.pop() ?? "";
  return list.length ? `${list.join(", ")} y ${last}` : last;
}

/** The order form's message on the shipping postcode when a service goes outside the area. */
export function outsideAreaMessage(area: ServiceArea): string {
  return (
    `La instalación y el mantenimiento solo se ofrecen en la ${area.name} (códigos postales que empiezan por ${prefixList(area.prefixes)}): ` +
    "escriba un código postal de esa zona o quite la instalación y el mantenimiento del carrito."
  );
}

/** The order form's message on the shipping province when a service is in the basket. */
export function serviceProvinceMessage(provinces: readonly string[]): string {
  const names = prefixList(provinces);
  return provinces.length === 1
    ? `La instalación y el mantenimiento solo se ofrecen en ${names}: elija ${names}.`
    : `La instalación y el mantenimiento solo se ofrecen en ${names}: elija una de esas provincias.`;
}

/**
 * What each page's check answers. A product page answers about installing that equipment
 * (issue 15's two sentences); the service pages have no equipment to send, so their "no" says
 * what does apply there (docs/deviations.md).
 */
const ANSWERS: Record<CoverageContext, { yes: string; no: string }> = {
  equipo: { yes: "Instalamos en su zona", no: "De momento no instalamos en su zona; le enviamos el equipo" },
  servicios: {
    yes: "Instalamos en su zona",
    no: "De momento no instalamos ni hacemos mantenimientos en su zona; los equipos sin instalación se los enviamos",
  },
  mantenimiento: { yes: "Hacemos el mantenimiento en su zona", no: "De momento no hacemos mantenimientos en su zona" },
  // The renovations page also mentions Guadalajara and northern Toledo (spec section 1): no flat "no".
  reformas: { yes: "Trabajamos en su zona", no: "Su código postal queda fuera de nuestra zona habitual; pregúntenos por su obra" },
};

/** The answer to "¿Instalamos en su zona?" for a postcode as typed. */
export function coverageAnswer(prefixes: readonly string[], postcode: string, context: CoverageContext): CoverageAnswer {
  const cp = normalizePostcode(postcode);
  if (cp === null) return { kind: "invalid", message: POSTCODE_MESSAGE };
  const inside = inServiceArea(prefixes, cp);
  return { kind: inside ? "inside" : "outside", postcode: cp, message: ANSWERS[context][inside ? "yes" : "no"] };
}
