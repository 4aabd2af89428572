/* The mandate form's field names, without Zod (the page imports them; the schema is sepa-mandate-form.ts). */
export const MANDATE_FIELDS = { holder: "titular", iban: "iban", accept: "acepto" } as const;
