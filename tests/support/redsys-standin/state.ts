import type { StandInConfig } from "./request-checks";
import type { SignedFields } from "./signature";

/*
 * What the stand-in remembers, in memory only: the payment pages shown (sessions), the
 * operations by order code (as Redsys refuses an order code twice and refunds only what
 * it authorised), the cards kept for later charges (issue 31), the mode, the log, and
 * notifications held back or scheduled.
 */

export type Method = "tarjeta" | "bizum";

export type NotificationMode = "send" | "delay" | "repeat" | "drop" | "hold";

export type Mode = {
  /** send: at once, before the browser is sent back; delay: `delayMs` after it; repeat: `repeat` times; drop: never; hold: until deliverHeld. */
  notification: NotificationMode;
  delayMs: number;
  repeat: number;
  /** accept: 0900; deny: a signed 0950; error: {"errorCode":"SIS0057"}. */
  refund: "accept" | "deny" | "error";
  /** Charges to a stored card: accept 0000; deny 0190; insufficient 0116 (no funds); expired 0101. */
  charge: ChargeMode;
};

export type ChargeMode = "accept" | "deny" | "insufficient" | "expired";

export const DEFAULT_MODE: Mode = { notification: "send", delayMs: 3000, repeat: 2, refund: "accept", charge: "accept" };

export type LogEntry = {
  kind: "payment-form" | "payment-error" | "decision" | "notification" | "refund" | "charge";
  /** ISO time of the event. */
  at: string;
  order?: string;
  /** Cents. */
  amount?: number;
  method?: Method;
  /** Ds_Response (0000, 0101, 0116, 0190, 0900, 0950) or a SIS error code. */
  code?: string;
  /** On a decision: what the mode does with its notification. */
  notification?: NotificationMode;
  /** On a notification: the shop's HTTP status, or `error` when it did not answer. */
  shopStatus?: number;
  error?: string;
};

export type Session = {
  id: string;
  order: string;
  amount: number;
  method: Method;
  merchantName: string;
  description: string;
  merchantUrl: string;
  urlOk: string;
  urlKo: string;
  merchantData: string;
  /** DS_MERCHANT_IDENTIFIER=REQUIRED: an authorised payment keeps the card (issue 31). */
  storeCard: boolean;
  decided: boolean;
};

/** A card kept for a merchant: what its first payment's notification gave the shop. */
export type StoredCard = { identifier: string; merchantCode: string; cofTxnId: string; expiry: string; maskedNumber: string };

export type Operation = { order: string; amount: number; method: Method; state: "presented" | "paid" | "denied"; refunded: number };

export type PendingNotification = { session: Session; fields: SignedFields; responseCode: string };

export type StandInState = {
  config: StandInConfig;
  mode: Mode;
  entries: LogEntry[];
  sessions: Map<string, Session>;
  operations: Map<string, Operation>;
  /** By Ds_Merchant_Identifier. */
  storedCards: Map<string, StoredCard>;
  held: PendingNotification[];
  timers: Set<NodeJS.Timeout>;
  /** In-flight notifications, awaited on close. */
  inFlight: Set<Promise<void>>;
  now: () => Date;
  record: (entry: Omit<LogEntry, "at">) => void;
};

export function createState(config: StandInConfig, onEvent?: (entry: LogEntry) => void): StandInState {
  const state: StandInState = {
    config,
    mode: { ...DEFAULT_MODE },
    entries: [],
    sessions: new Map(),
    operations: new Map(),
    storedCards: new Map(),
    held: [],
    timers: new Set(),
    inFlight: new Set(),
    now: () => new Date(),
    record(entry) {
      const full = { at: state.now().toISOString(), ...entry };
      state.entries.push(full);
      onEvent?.(full);
    },
  };
  return state;
}
