/* The status forms' limits (status-move.ts checks them), apart so the order page's browser code carries no date or slot rules. */
export const MAX_DETAIL_LENGTH = 100;
export const MAX_CANCEL_REASON_LENGTH = 500;
export const MAX_NOTES_LENGTH = 5000;
