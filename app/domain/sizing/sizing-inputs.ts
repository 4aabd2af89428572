import type { Province } from "../provinces";
import type { SizedFamily } from "./sizing-guide";

/*
 * What the sizing advisor asks (issue 15, decision 0014): the names of its URL parameters
 * (Spanish, like the catalogue's), the choices with the words a visitor reads, and the values
 * a field takes when the URL leaves it out. Client-safe: the page's form is drawn from here;
 * the Zod schema that checks a query is in sizing-form-schema.ts, used by the loader only.
 */

export const SIZING_PATH = "/que-potencia-necesito";

/** The advisor with a family chosen: the help pages' and catalogues' link. */
export function sizingHref(family: SizedFamily): string {
  return `${SIZING_PATH}?familia=${family}`;
}

export const SIZED_FAMILIES = ["aires", "calderas", "aerotermia"] as const satisfies readonly SizedFamily[];

export function isSizedFamily(value: string): value is SizedFamily {
  return (SIZED_FAMILIES as readonly string[]).includes(value);
}

export const FAMILY_CHOICES: Record<SizedFamily, { tab: string; title: string }> = {
  aires: { tab: "Aire acondicionado", title: "aire acondicionado" },
  calderas: { tab: "Caldera", title: "caldera" },
  aerotermia: { tab: "Aerotermia", title: "equipo de aerotermia" },
};

export const INSULATIONS = ["buena", "normal", "mala"] as const;
export type Insulation = (typeof INSULATIONS)[number];

export const SUN_EXPOSURES = ["poca", "normal", "mucha"] as const;
export type SunExposure = (typeof SUN_EXPOSURES)[number];

export const INSULATION_LABELS: Record<Insulation, { label: string; hint: string }> = {
  buena: { label: "Buena", hint: "ventanas dobles con rotura de puente térmico y muros aislados (casa reciente o reformada)" },
  normal: { label: "Normal", hint: "ventanas dobles o muros con algo de aislamiento" },
  mala: { label: "Mala", hint: "ventanas sencillas y muros sin aislar" },
};

export const SUN_LABELS: Record<SunExposure, { label: string; hint: string }> = {
  poca: { label: "Poco sol", hint: "orientada al norte o con sombra casi todo el día" },
  normal: { label: "Normal", hint: "orientada al este o al oeste, sol unas horas" },
  mucha: { label: "Mucho sol", hint: "orientada al sur o al oeste, grandes ventanales o último piso" },
};

/** The URL's parameter of each field. */
export const PARAMS = {
  family: "familia",
  surface: "superficie",
  ceiling: "altura",
  province: "provincia",
  insulation: "aislamiento",
  sun: "sol",
  occupants: "ocupantes",
  bathrooms: "banos",
  hotWater: "aguaCaliente",
} as const;

export type SizingField = Exclude<keyof typeof PARAMS, "family">;

/** Which fields each family asks for, in the form's order. */
export const FAMILY_FIELDS: Record<SizedFamily, readonly SizingField[]> = {
  aires: ["surface", "ceiling", "province", "insulation", "sun", "occupants"],
  calderas: ["surface", "ceiling", "province", "insulation", "sun", "bathrooms"],
  aerotermia: ["surface", "ceiling", "province", "insulation", "sun", "occupants", "hotWater"],
};

/** Limits the form accepts: beyond them a rule of thumb says nothing useful. */
export const LIMITS = {
  surface: { min: 5, max: 500 },
  ceiling: { min: 2.2, max: 6 },
  occupants: { min: 1, max: 20 },
  bathrooms: { min: 1, max: 4 },
} as const;

/** What a field is when the URL leaves it out (the form shows the same values pre-filled). */
export const DEFAULTS = {
  ceiling: 2.6,
  insulation: "normal",
  sun: "normal",
  occupants: 2,
  bathrooms: 1,
  hotWater: true,
} as const satisfies Partial<Record<SizingField, unknown>>;

export type HomeInput = {
  surfaceM2: number;
  ceilingM: number;
  province: Province;
  insulation: Insulation;
  sun: SunExposure;
};

export type SizingInput =
  | ({ family: "aires"; occupants: number } & HomeInput)
  | ({ family: "calderas"; bathrooms: number } & HomeInput)
  | ({ family: "aerotermia"; occupants: number; hotWater: boolean } & HomeInput);

/** The advisor's address for an input: a result is a link. */
export function sizingQuery(input: SizingInput): string {
  const params = new URLSearchParams({
    [PARAMS.family]: input.family,
    [PARAMS.surface]: String(input.surfaceM2),
    [PARAMS.ceiling]: String(input.ceilingM),
    [PARAMS.province]: input.province,
    [PARAMS.insulation]: input.insulation,
    [PARAMS.sun]: input.sun,
  });
  if (input.family === "calderas") params.set(PARAMS.bathrooms, String(input.bathrooms));
  else params.set(PARAMS.occupants, String(input.occupants));
  if (input.family === "aerotermia") params.set(PARAMS.hotWater, input.hotWater ? "si" : "no");
  return `${SIZING_PATH}?${params.toString()}`;
}
