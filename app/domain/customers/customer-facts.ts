import { nationalDigits } from "../fields/phone";
import { isValidSpanishId, normalizeSpanishId } from "../spanish-ids";

/*
 * One customer record (issue 30): what a request, a visit, a quote or an order says of its
 * customer, and how two of them are known to be the same person or company.
 *
 * The same customer: the same e-mail, else the same NIF/NIE/CIF, else the same phone (its
 * last nine digits, however it was typed) when the e-mails do not differ (matchedBy). A name
 * alone never matches: two "Ana García" are two people until the owner merges them.
 */

export type CustomerFacts = {
  name: string;
  company?: string;
  nif?: string;
  email?: string;
  phone?: string;
  address?: string;
  postcode?: string;
  town?: string;
  province?: string;
  userId?: string | null;
};

/** The facts as a record stores them: trimmed, e-mail lower case, NIF compact, the phone's key. */
export type CustomerValues = Required<Omit<CustomerFacts, "userId">> & { phoneKey: string; userId: string | null };

const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The key two phones are compared by: the national number's last nine digits ("" when it has fewer than nine). */
export function phoneKey(phone: string): string {
  const digits = nationalDigits(phone);
  return digits.length >= 9 ? digits.slice(-9) : "";
}

/** An e-mail that can identify someone (lower case), or "". */
export function emailKey(email: string): string {
  const folded = email.trim().toLowerCase();
  return EMAIL_SHAPE.test(folded) ? folded : "";
}

/** A valid Spanish id, compact and upper case, or "" (a mistyped id identifies nobody). */
export function nifKey(nif: string): string {
  const compact = normalizeSpanishId(nif.trim());
  return compact && isValidSpanishId(compact) ? compact : "";
}

const clean = (value: string | undefined) => (value ?? "").replace(/\s+/g, " ").trim();

export function customerValues(facts: CustomerFacts): CustomerValues {
  const phone = clean(facts.phone);
  return {
    name: clean(facts.name),
    company: clean(facts.company),
    nif: nifKey(facts.nif ?? ""),
    email: emailKey(facts.email ?? ""),
    phone,
    phoneKey: phoneKey(phone),
    address: clean(facts.address),
    postcode: clean(facts.postcode),
    town: clean(facts.town),
    province: clean(facts.province),
    userId: facts.userId ?? null,
  };
}

/** Whether the facts can find or make a record: an e-mail, an id or a phone. */
export function identifies(values: Pick<CustomerValues, "email" | "nif" | "phoneKey">): boolean {
  return values.email !== "" || values.nif !== "" || values.phoneKey !== "";
}

export type MatchedBy = "email" | "nif" | "phone";

/**
 * How a record is the one the facts name, or null: the same e-mail; else the same id; else the
 * same phone, unless both have an e-mail and they differ (two people of one household share a
 * landline; a company's staff share its CIF, so an id still matches).
 */
export function matchedBy(record: Pick<CustomerValues, "email" | "nif" | "phoneKey">, values: Pick<CustomerValues, "email" | "nif" | "phoneKey">): MatchedBy | null {
  if (values.email !== "" && record.email === values.email) return "email";
  if (values.nif !== "" && record.nif === values.nif) return "nif";
  const otherEmails = record.email !== "" && values.email !== "" && record.email !== values.email;
  if (values.phoneKey !== "" && record.phoneKey === values.phoneKey && !otherEmails) return "phone";
  return null;
}

/** Whether a record is the one the facts name. */
export function sameCustomer(record: Pick<CustomerValues, "email" | "nif" | "phoneKey">, values: Pick<CustomerValues, "email" | "nif" | "phoneKey">): boolean {
  return matchedBy(record, values) !== null;
}

const ADDRESS = ["address", "postcode", "town", "province"] as const;
const OTHERS = ["name", "company", "nif", "email", "phone"] as const;

/**
 * What a record learns from new facts or from a record merged into it: only its empty fields
 * are filled (what the owner or the customer wrote before is never overwritten). The phone and
 * its key go together; so do the parts of an address: a record without an address takes the
 * whole of the new one, a record with the same street only the parts it lacks (never a
 * postcode of another address).
 */
export function filledBlanks(record: CustomerValues, more: CustomerValues): Partial<CustomerValues> {
  const changes: Partial<CustomerValues> = {};
  for (const field of OTHERS) if (record[field] === "" && more[field] !== "") changes[field] = more[field];
  if (changes.phone !== undefined) changes.phoneKey = more.phoneKey;
  const sameStreet = record.address !== "" && record.address.toLowerCase() === more.address.toLowerCase();
  if (record.address === "" || sameStreet) {
    for (const field of ADDRESS) if (record[field] === "" && more[field] !== "") changes[field] = more[field];
  }
  if (!record.userId && more.userId) changes.userId = more.userId;
  return changes;
}

/** How the back office names a record: «Ana García (Climas Sur S.L.)», or the company alone. */
export function customerLabel(record: { name: string; company: string }): string {
  if (record.name && record.company) return `${record.name} (${record.company})`;
  return record.name || record.company || "(sin nombre)";
}
