import "../zod-setup";
import { z } from "zod";
import { fieldErrors } from "../fields/field-errors";
import { PROVINCES } from "../provinces";
import type { SizedFamily } from "./sizing-guide";
import {
  DEFAULTS,
  FAMILY_FIELDS,
  INSULATIONS,
  isSizedFamily,
  LIMITS,
  PARAMS,
  SUN_EXPOSURES,
  type SizingField,
  type SizingInput,
} from "./sizing-inputs";

/*
 * The advisor's GET form (issue 15): one Zod schema per family, checked by the page's loader.
 * A query names no field yet: the empty form. Any field named: the whole form is checked, and
 * a bad value answers 400 with a Spanish message beside its field, never a 500. A field the
 * URL leaves out takes the form's default (a short link such as
 * ?familia=aires&superficie=25&provincia=Madrid is a whole question).
 */

export type SizingValues = Partial<Record<SizingField, string>>;
export type SizingErrors = Partial<Record<SizingField | "family", string>>;

export type SizingQuery =
  | { state: "empty"; family: SizedFamily }
  | { state: "invalid"; family: SizedFamily | null; values: SizingValues; errors: SizingErrors }
  | { state: "valid"; family: SizedFamily; values: SizingValues; input: SizingInput };

const DECIMAL = /^\d{1,4}([.,]\d{1,2})?$/;
const WHOLE = /^\d{1,3}$/;
const decimalText = (value: number) => String(value).replace(".", ",");

function decimal(field: "surface" | "ceiling", what: string, unit: string) {
  const { min, max } = LIMITS[field];
  const range = `${what.charAt(0).toUpperCase()}${what.slice(1)} debe estar entre ${decimalText(min)} y ${decimalText(max)} ${unit}.`;
  return z
    .string()
    .trim()
    .min(1, `Indique ${what}.`)
    .regex(DECIMAL, `Escriba ${what} con números, por ejemplo ${field === "surface" ? "25" : "2,6"}.`)
    .transform((text) => Number(text.replace(",", ".")))
    .pipe(z.number().min(min, range).max(max, range));
}

function whole(field: "occupants" | "bathrooms", missing: string, range: string) {
  const { min, max } = LIMITS[field];
  return z
    .string()
    .trim()
    .min(1, missing)
    .regex(WHOLE, range)
    .transform(Number)
    .pipe(z.number().int().min(min, range).max(max, range));
}

const FIELD_SCHEMAS = {
  surface: decimal("surface", "la superficie", "m²"),
  ceiling: decimal("ceiling", "la altura del techo", "metros"),
  province: z.enum(PROVINCES, { error: "Elija su provincia en la lista." }),
  insulation: z.enum(INSULATIONS, { error: "Elija cómo está aislada su casa: buena, normal o mala." }),
  sun: z.enum(SUN_EXPOSURES, { error: "Elija cuánto sol recibe: poco, normal o mucho." }),
  occupants: whole(
    "occupants",
    "Indique cuántas personas suelen estar.",
    `Indique un número entero de personas entre ${LIMITS.occupants.min} y ${LIMITS.occupants.max}.`,
  ),
  bathrooms: whole(
    "bathrooms",
    "Indique cuántos baños se usan a la vez.",
    `Indique cuántos baños se usan a la vez: de ${LIMITS.bathrooms.min} a ${LIMITS.bathrooms.max}.`,
  ),
  hotWater: z.enum(["si", "no"], { error: "Indique si quiere también agua caliente." }),
} satisfies Record<SizingField, z.ZodType>;

const DEFAULT_TEXT: SizingValues = {
  ceiling: decimalText(DEFAULTS.ceiling),
  insulation: DEFAULTS.insulation,
  sun: DEFAULTS.sun,
  occupants: String(DEFAULTS.occupants),
  bathrooms: String(DEFAULTS.bathrooms),
  hotWater: DEFAULTS.hotWater ? "si" : "no",
};

/** The form's values before anything is asked (the empty page shows them pre-filled). */
export function defaultValues(family: SizedFamily): SizingValues {
  return Object.fromEntries(FAMILY_FIELDS[family].map((field) => [field, DEFAULT_TEXT[field] ?? ""]));
}

const FIELD_NAMES = Object.keys(FIELD_SCHEMAS) as SizingField[];

function valuesOf(family: SizedFamily, search: URLSearchParams): SizingValues {
  return Object.fromEntries(
    FAMILY_FIELDS[family].map((field) => [field, (search.get(PARAMS[field]) ?? DEFAULT_TEXT[field] ?? "").slice(0, 100)]),
  );
}

export function parseSizingQuery(search: URLSearchParams): SizingQuery {
  const familyText = search.get(PARAMS.family) ?? "aires";
  const asked = FIELD_NAMES.some((field) => search.has(PARAMS[field]));
  if (!isSizedFamily(familyText)) {
    return {
      state: "invalid",
      family: null,
      values: {},
      errors: { family: "Elija qué equipo busca: aire acondicionado, caldera o aerotermia." },
    };
  }
  const family = familyText;
  if (!asked) return { state: "empty", family };

  const values = valuesOf(family, search);
  const schema = z.object(Object.fromEntries(FAMILY_FIELDS[family].map((field) => [field, FIELD_SCHEMAS[field]])));
  const result = schema.safeParse(values);
  if (!result.success) return { state: "invalid", family, values, errors: fieldErrors(result.error) as SizingErrors };
  const data = result.data as {
    surface: number;
    ceiling: number;
    province: (typeof PROVINCES)[number];
    insulation: (typeof INSULATIONS)[number];
    sun: (typeof SUN_EXPOSURES)[number];
    occupants?: number;
    bathrooms?: number;
    hotWater?: "si" | "no";
  };
  const home = {
    surfaceM2: data.surface,
    ceilingM: data.ceiling,
    province: data.province,
    insulation: data.insulation,
    sun: data.sun,
  };
  const input: SizingInput =
    family === "aires"
      ? { family, ...home, occupants: data.occupants! }
      : family === "calderas"
        ? { family, ...home, bathrooms: data.bathrooms! }
        : { family, ...home, occupants: data.occupants!, hotWater: data.hotWater === "si" };
  return { state: "valid", family, values, input };
}
