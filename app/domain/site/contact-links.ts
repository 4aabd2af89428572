/** Spanish numbers as typed in configuration ("912 345 678", "+34 600...") to link targets. */
export function nationalDigits(phone: string): string {
  let digits = phone.replace(/\D/g, "");
  if (digits.startsWith("00")) digits = digits.slice(2);
  return digits.length > 9 && digits.startsWith("34") ? digits.slice(2) : digits;
}

export function telHref(phone: string): string {
  return `tel:+34${nationalDigits(phone)}`;
}

/** WhatsApp click-to-chat wants the number with country code and no "+" (spec: prefix +34). */
export function whatsappHref(phone: string, text?: string): string {
  const base = `https://wa.me/34${nationalDigits(phone)}`;
  return text ? `${base}?text=${encodeURIComponent(text)}` : base;
}

export function mailtoHref(email: string): string {
  return `mailto:${email}`;
}
