import { z } from "zod";
import { BAN_REASON_MAX } from "./customers";

/** Disabling an account (issue 11): the optional reason, parsed by the customer page's action. */
export const banForm = z.object({
  reason: z
    .string()
    .max(BAN_REASON_MAX, { error: `El motivo puede tener como máximo ${BAN_REASON_MAX} caracteres.` })
    .transform((value) => value.replace(/\s+/g, " ").trim()),
});
