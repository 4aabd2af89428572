import { madridDay } from "../dates/madrid-dates";

/*
 * Order numbers (spec section 9): a random number below 11111, a hyphen, then day, month and
 * two-digit year of the order, e.g. "734-221126" for an order of 22 November 2026. The date is
 * the shop's (Madrid), whatever the server's time zone. Uniqueness is the database's job
 * (a unique index; orders.server.ts draws again on a collision).
 */

/** The random part runs 1..11110: "below 11111", and never a bare 0. */
export const ORDER_NUMBER_LIMIT = 11111;

/** "DDMMYY" of an instant, in Madrid. */
export function orderDatePart(date: Date): string {
  const [year, month, day] = madridDay(date).split("-") as [string, string, string];
  return `${day}${month}${year.slice(2)}`;
}

export function orderNumber(date: Date, random: () => number = Math.random): string {
  const n = 1 + Math.floor(random() * (ORDER_NUMBER_LIMIT - 1));
  return `${Math.min(n, ORDER_NUMBER_LIMIT - 1)}-${orderDatePart(date)}`;
}

/**
 * The one check of an order number in a URL or a form. We write the date as DDMMYY; a day or
 * month without its leading zero ("1234-15626", in older test data and fixtures) is accepted
 * too, so 4 to 6 digits. Anything else is no order number and never reaches the database.
 */
export const ORDER_NUMBER_PATTERN = /^([1-9]\d{0,4})-(\d{4,6})$/;

export function isOrderNumber(value: string): boolean {
  const match = ORDER_NUMBER_PATTERN.exec(value);
  return !!match && Number(match[1]) < ORDER_NUMBER_LIMIT;
}
