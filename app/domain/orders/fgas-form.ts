import "../zod-setup";
import * as z from "zod/mini";
import { fieldErrors } from "../fields/field-errors";
import { isValidSpanishId, normalizeSpanishId } from "../spanish-ids";
import { FGAS_COMMITMENT_VALUE, FGAS_FIELDS, FGAS_MAX_LENGTH, FGAS_MESSAGES, fgasInput, installerDetails, type InstallerDetails } from "./fgas-fields";

/*
 * The F-gas declaration's schemas (issue 15, decision 0012): on the order screen, the declarant
 * and the commitment (required) and the installing company (optional: "puede indicarla más
 * tarde"); on the order page, the installing company alone. zod/mini: the order form's schema
 * runs in the browser too, fetched when needed (app/domain/orders/order-form-schema.ts); the names and
 * texts the pages show are in fgas-fields.ts, without zod.
 */

const tooLong = (max: number) => `Como máximo ${max} caracteres.`;

const optionalText = (max: number) => z.string().check(z.trim(), z.maxLength(max, tooLong(max)));

const optionalId = z
  .string()
  .check(
    z.overwrite(normalizeSpanishId),
    z.maxLength(FGAS_MAX_LENGTH.installerId, tooLong(FGAS_MAX_LENGTH.installerId)),
    z.refine((value) => value === "" || isValidSpanishId(value), FGAS_MESSAGES.installerId),
  );

/** The installing company's fields, all optional. */
export const installerShape = {
  [FGAS_FIELDS.installerName]: optionalText(FGAS_MAX_LENGTH.installerName),
  [FGAS_FIELDS.installerId]: optionalId,
  [FGAS_FIELDS.installerRegistration]: optionalText(FGAS_MAX_LENGTH.installerRegistration),
};

/** The whole declaration, as the order form carries it (flat field names, for its messages). */
export const declarationShape = {
  [FGAS_FIELDS.name]: z
    .string()
    .check(z.trim(), z.minLength(3, FGAS_MESSAGES.name), z.maxLength(FGAS_MAX_LENGTH.name, tooLong(FGAS_MAX_LENGTH.name))),
  [FGAS_FIELDS.id]: z
    .string()
    .check(
      z.overwrite(normalizeSpanishId),
      z.minLength(1, FGAS_MESSAGES.idEmpty),
      z.maxLength(FGAS_MAX_LENGTH.id, tooLong(FGAS_MAX_LENGTH.id)),
      z.refine((value) => value === "" || isValidSpanishId(value), FGAS_MESSAGES.id),
    ),
  [FGAS_FIELDS.commitment]: z.literal(FGAS_COMMITMENT_VALUE, FGAS_MESSAGES.commitment),
  ...installerShape,
};

export type InstallerValidation = { ok: true; values: InstallerDetails } | { ok: false; errors: Record<string, string> };

/** The order page's form: the installing company, given later (at least its name). */
export function validateInstallerForm(form: FormData): InstallerValidation {
  const result = z
    .object(installerShape)
    .check(z.refine((value) => value[FGAS_FIELDS.installerName] !== "", { message: FGAS_MESSAGES.installerEmpty, path: [FGAS_FIELDS.installerName] }))
    .safeParse(fgasInput(form));
  if (!result.success) return { ok: false, errors: fieldErrors(result.error) };
  return { ok: true, values: installerDetails(result.data) };
}
