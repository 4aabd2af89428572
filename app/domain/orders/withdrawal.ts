import { isCancelled } from "./order-status";

/**
 * The right of withdrawal (14 calendar days, spec section 9; Directive 2011/83/EU art. 9, and
 * the "withdrawal function" of Directive 2023/2673). For goods the 14 days run from delivery;
 * orders do not record a delivery date yet, so we count from the order date and add a
 * delivery allowance well above the 1 to 5 days of the legal text. The shop therefore never
 * refuses a withdrawal the law allows when delivery was on time; see docs/deviations.md.
 */
export const WITHDRAWAL_DAYS = 14;
export const DELIVERY_ALLOWANCE_DAYS = 16;

const DAY_MS = 24 * 60 * 60 * 1000;

/** The last moment the withdrawal button is offered for an order placed at `orderedAt`. */
export function withdrawalDeadline(orderedAt: Date): Date {
  return new Date(orderedAt.getTime() + (WITHDRAWAL_DAYS + DELIVERY_ALLOWANCE_DAYS) * DAY_MS);
}

export type WithdrawalState =
  | { kind: "open"; deadline: Date }
  | { kind: "requested"; at: Date }
  | { kind: "expired"; deadline: Date }
  | { kind: "not-applicable" };

export function withdrawalState(
  order: { createdAt: Date; status: string },
  requestedAt: Date | null,
  now: Date,
): WithdrawalState {
  if (requestedAt) return { kind: "requested", at: requestedAt };
  if (isCancelled(order.status)) return { kind: "not-applicable" };
  const deadline = withdrawalDeadline(order.createdAt);
  return now.getTime() <= deadline.getTime() ? { kind: "open", deadline } : { kind: "expired", deadline };
}

/** The reason is optional; a few lines at most end up in the e-mails. */
export const MAX_REASON_LENGTH = 1000;

export function cleanReason(value: unknown): string {
  return typeof value === "string" ? value.trim().slice(0, MAX_REASON_LENGTH) : "";
}
