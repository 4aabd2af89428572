import { z } from "zod";
import { NOTES_MAX_LENGTH } from "./quote-inbox";
import { REQUEST_STATES } from "./request-state";

/** The request page's two forms (issue 11), parsed by its action. */
export const quoteStateForm = z.object({
  state: z.enum(REQUEST_STATES, { error: "Elija un estado de la lista." }),
});

export const quoteNotesForm = z.object({
  internalNotes: z
    .string()
    .max(NOTES_MAX_LENGTH, { error: `Las notas pueden tener como máximo ${NOTES_MAX_LENGTH} caracteres.` })
    .transform((value) => value.replace(/\r\n/g, "\n").trim()),
});
