import { whatsappHref } from "../site/contact-links";
import { nationalDigits } from "../fields/phone";

/*
 * What the shop receives for each contact request (spec section 7, "Task card"): the
 * Trello card and the e-mail to the shop's info address carry the same content.
 */

/** A stored contact request, as the outbox carries it to the task board and the mailbox. */
export type ContactRequestSummary = {
  requestId: number;
  name: string;
  phone: string;
  email: string;
  address: string;
  town: string;
  message: string;
  /** The product of a quote asked from its detail page, with its absolute URL. */
  product: { brand: string; model: string; url: string } | null;
  /** Absolute URL of the page the form was sent from (a promotion, a product, /contacto). */
  sourceUrl: string;
};

const MARKDOWN_SPECIAL = /[\\`*_{}[\]()#+\-.!|><~]/g;

/** Visitors' text goes into markdown as text: no links, headings, emphasis or quotes. */
export function escapeMarkdown(value: string): string {
  return value.replace(MARKDOWN_SPECIAL, (char) => `\\${char}`);
}

/** One line of visitor text (a name, a town): line breaks would start new markdown blocks. */
function inline(value: string): string {
  return escapeMarkdown(value.replace(/\s+/g, " ").trim());
}

/**
 * The line that identifies a card by its outbox entry. Before posting again after a crash,
 * the handler looks for it in the list. Visitor text is escaped, so it can never forge it.
 */
export function cardMarker(outboxId: number): string {
  return `Ref. envío: #${outboxId}`;
}

export function hasCardMarker(desc: string, outboxId: number): boolean {
  return desc.split("\n").some((line) => line.trim() === cardMarker(outboxId));
}

/** The card title: name and phone joined by a hyphen (spec section 7); the e-mail if no phone. */
export function taskCardName(request: Pick<ContactRequestSummary, "name" | "phone" | "email">): string {
  const name = request.name.replace(/\s+/g, " ").trim();
  const reach = (request.phone || request.email).replace(/\s+/g, " ").trim();
  return `${name}-${reach}`;
}

function whatsappLink(phone: string): string | null {
  return nationalDigits(phone).length >= 6 ? whatsappHref(phone) : null;
}

const NOT_GIVEN = "(no indicado)";

/** The card description: markdown, visitor text escaped, the outbox marker last. */
export function taskCardDesc(request: ContactRequestSummary, outboxId: number): string {
  const whatsapp = request.phone ? whatsappLink(request.phone) : null;
  const message = request.message
    .replace(/\r\n?/g, "\n")
    .split("\n")
    .map((line) => escapeMarkdown(line.trimEnd()))
    .join("\n")
    .trim();
  const lines = [
    `**Nombre:** ${inline(request.name)}`,
    `**Email:** ${request.email ? inline(request.email) : NOT_GIVEN}`,
    `**Teléfono:** ${request.phone ? inline(request.phone) : NOT_GIVEN}`,
    ...(whatsapp ? [`**WhatsApp:** ${whatsapp}`] : []),
    `**Dirección:** ${inline(request.address)}, ${inline(request.town)}`,
    ...(request.product
      ? [`**Producto:** ${inline(`${request.product.brand} ${request.product.model}`)} ${request.product.url}`]
      : []),
    `**Enviada desde:** ${request.sourceUrl}`,
    "",
    "**Mensaje:**",
    message || "(sin mensaje)",
    "",
    `Solicitud nº ${request.requestId}`,
    cardMarker(outboxId),
  ];
  return lines.join("\n");
}

/** The e-mail to the shop: the same facts, plain text, nothing to escape. */
export function contactMailSubject(request: Pick<ContactRequestSummary, "name">): string {
  return `Nueva solicitud de presupuesto: ${request.name.replace(/\s+/g, " ").trim()}`;
}

export function contactMailText(request: ContactRequestSummary): string {
  const whatsapp = request.phone ? whatsappLink(request.phone) : null;
  return [
    `Nueva solicitud de presupuesto (nº ${request.requestId})`,
    "",
    `Nombre y apellidos: ${request.name}`,
    `Email: ${request.email || NOT_GIVEN}`,
    `Teléfono: ${request.phone || NOT_GIVEN}`,
    ...(whatsapp ? [`WhatsApp: ${whatsapp}`] : []),
    `Dirección de la instalación: ${request.address}, ${request.town}`,
    ...(request.product ? [`Producto: ${request.product.brand} ${request.product.model} ${request.product.url}`] : []),
    `Enviada desde: ${request.sourceUrl}`,
    "",
    "Mensaje:",
    request.message || "(sin mensaje)",
    "",
  ].join("\n");
}
