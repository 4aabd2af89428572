/* What a price says of its VAT (basket-vat.ts decides it), apart so order pages' browser code carries only the words. */
export const EXEMPT_NOTE = "sin IVA (exento, art. 21 Ley 37/1992)";
