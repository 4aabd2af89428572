import { internationalDigits } from "../fields/phone";

/** tel: links with the country code (spec: prefix +34), for the shop's numbers and the customers'. */
export function telHref(phone: string): string {
  return `tel:+${internationalDigits(phone)}`;
}

/** WhatsApp click-to-chat wants the number with country code and no "+" (spec: prefix +34). */
export function whatsappHref(phone: string, text?: string): string {
  const base = `https://wa.me/${internationalDigits(phone)}`;
  return text ? `${base}?text=${encodeURIComponent(text)}` : base;
}

export function mailtoHref(email: string): string {
  return `mailto:${email}`;
}

/** A map search for an address on one line (Google Maps' documented search URL; it opens the phone's map app). */
export function mapHref(addressLine: string): string {
  return `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(addressLine)}`;
}
