import { eq } from "drizzle-orm";
import { contactRef } from "../outbox-refs.server";
import { data, redirect } from "react-router";
import {
  CONTACT_FIELDS,
  CONTACT_MAX_LENGTH,
  contactInput,
  HONEYPOT_FIELD,
  parseProductId,
  safeSourcePage,
  thanksHref,
  type ContactReply,
} from "~/domain/quotes/contact-form";
import { validateContact, type ContactValues } from "~/domain/quotes/contact-form-schema";
import { detailHref } from "~/domain/catalogue/product";
import { contactMailSubject, contactMailText, type ContactRequestSummary } from "~/domain/quotes/task-card";
import { config, publicShopInfo } from "../config.server";
import type { Database, Transaction } from "../db/client.server";
import { getDb } from "../db/db.server";
import { products } from "../catalogue/catalogue-schema.server";
import { contactRequests } from "./quotes-schema.server";
import { enqueue } from "../outbox.server";
import { enqueueAlert } from "../alerts/alert-queue.server";
import { newRequestAlert } from "~/domain/alerts/alert-messages";
import { bodyProblemStatus, readForm } from "../http/request-body.server";
import { clientAddress, contactRateLimit, hitRateLimit } from "../rate-limit.server";
import { log } from "../log.server";
import { audit } from "../audit.server";
import { bookingCookieHeader } from "../visits/booking-token.server";
import { factsOfContact } from "~/domain/customers/customer-sources";
import { customerFor } from "../customers/customer-records.server";

/*
 * The contact / quote request (spec sections 3, 4, 7): stored together with its outbox
 * entries (task card, e-mail to the shop) in one transaction before the visitor is told it
 * was sent. Bad input, spam and floods get a Spanish message, never a 500.
 */

/** A real form is a few kilobytes; anything this large is not a person typing. */
const MAX_BODY_BYTES = 200_000;

export const SPAM_MESSAGE = "No hemos podido enviar su solicitud. Si el problema continúa, llámenos o escríbanos por WhatsApp.";
export const RATE_LIMIT_MESSAGE = "Ha enviado demasiadas solicitudes. Inténtelo de nuevo en unos minutos.";
const TOO_LARGE_MESSAGE = "El formulario es demasiado largo. Acorte el mensaje e inténtelo de nuevo.";

const reply = (body: ContactReply, status = 200) => data(body, { status });

export async function contactAction(request: Request) {
  let form: FormData;
  try {
    form = await readForm(request, { maxBytes: MAX_BODY_BYTES });
  } catch (error) {
    // The form's own message, in place, for a message pasted far beyond any real one.
    if (bodyProblemStatus(error) === 413) return reply({ ok: false, error: TOO_LARGE_MESSAGE }, 413);
    throw error;
  }

  const honeypot = form.get(HONEYPOT_FIELD);
  if (honeypot !== null && honeypot !== "") {
    // Only bots fill in a field nobody can see; the message does not say why.
    log("contact").warn("envío descartado: campo trampa relleno");
    return reply({ ok: false, error: SPAM_MESSAGE }, 400);
  }

  const sourcePage = safeSourcePage(form.get("sourcePage"));
  const productId = parseProductId(form.get("productId"));
  // What was typed goes back with every refusal, so a page without JavaScript keeps it.
  const typed = contactInput(form);
  const values = {
    ...Object.fromEntries(CONTACT_FIELDS.map((f) => [f, typed[f].slice(0, CONTACT_MAX_LENGTH[f])])),
    sourcePage,
    ...(productId ? { productId } : {}),
  };

  let db: Database;
  try {
    db = await getDb();
    if (!(await hitRateLimit(db, contactRateLimit(), clientAddress(request)))) {
      return reply({ ok: false, error: RATE_LIMIT_MESSAGE, values }, 429);
    }
  } catch (error) {
    return unavailable(error, values);
  }

  const checked = validateContact(form);
  if (!checked.ok) return reply({ ok: false, error: checked.error, invalid: checked.invalid, values }, 400);

  let requestId: number;
  try {
    requestId = await storeContactRequest(db, checked.values, { productId, sourcePage });
  } catch (error) {
    return unavailable(error, values);
  }

  const next = thanksHref(sourcePage);
  // The thank-you page (the same for everyone) links to the optional visit booking, which finds
  // this request by a short-lived cookie (issue 17, decision 0015).
  const headers = { "Set-Cookie": await bookingCookieHeader(requestId) };
  // Posted by the enhanced form: it shows the confirmation, then goes on by itself.
  if (form.get("js") === "1") return data<ContactReply>({ ok: true, redirectTo: next }, { headers });
  return redirect(next, { status: 303, headers });
}

/** The database failed: the visitor is told, in Spanish, to try again or call; nothing was sent. */
function unavailable(error: unknown, values: ContactFailureValues) {
  log("contact").error({ err: error }, "no se pudo guardar la solicitud");
  const phone = publicShopInfo().phone;
  const message = `No hemos podido guardar su solicitud. Inténtelo de nuevo en unos minutos o llámenos al ${phone}.`;
  return reply({ ok: false, error: message, values }, 503);
}

type ContactFailureValues = Extract<ContactReply, { ok: false }>["values"];


type ContactOrigin = { productId: number | null; sourcePage: string; staff?: { email: string; customerId: number | null } };

/** The request and both deliveries, committed together or not at all. Returns the request id. */
export async function storeContactRequest(db: Database, values: ContactValues, origin: ContactOrigin): Promise<number> {
  return db.transaction((tx) => writeContactRequest(tx, values, origin));
}

/**
 * The same in the caller's transaction: a repair whose unit must be replaced asks for its quote
 * in the transaction that stores the report (issue 31).
 */
export async function writeContactRequest(tx: Transaction, values: ContactValues, origin: ContactOrigin): Promise<number> {
  const shop = publicShopInfo();
  const product = origin.productId ? await findProductSummary(tx, origin.productId, shop.baseUrl) : null;
  const customerId = await customerFor(
    tx,
    factsOfContact({ name: values.nameAndSurname, email: values.email, phone: values.phone, address: values.adress, town: values.state }),
    origin.staff?.customerId ?? null,
  );
  const [row] = await tx
    .insert(contactRequests)
    .values({
      customerId,
      nameAndSurname: values.nameAndSurname,
      phone: values.phone,
      email: values.email,
      address: values.adress,
      town: values.state,
      message: values.message,
      productId: product?.id ?? null,
      sourcePage: origin.sourcePage,
    })
    .returning({ id: contactRequests.id });
  const summary: ContactRequestSummary = {
    requestId: row!.id,
    name: values.nameAndSurname,
    phone: values.phone,
    email: values.email,
    address: values.adress,
    town: values.state,
    message: values.message,
    product: product ? { brand: product.brand, model: product.model, url: product.url } : null,
    sourceUrl: `${shop.baseUrl}${origin.sourcePage}`,
  };
  // The back office shows both deliveries on the request (issue 11).
  const ref = { ref: contactRef(row!.id) };
  await enqueue(tx, "trello_card", summary, ref);
  if (origin.staff) {
    // Typed by the owner from a phone call (issue 30): the task card, but no e-mail or alert to herself.
    await audit(tx, origin.staff, { action: "anotar solicitud", entity: "solicitud", entityId: row!.id, after: { cliente: customerId } });
    return row!.id;
  }
  const mail = {
    to: config().SHOP_EMAIL,
    subject: contactMailSubject(summary),
    text: contactMailText(summary),
    // Answering the e-mail reaches the visitor, when what they typed looks like an address.
    ...(/^[^\s@]+@[^\s@]+$/.test(values.email) ? { replyTo: values.email } : {}),
  };
  await enqueue(tx, "email", mail, ref);
  await enqueueAlert(tx, newRequestAlert({ id: row!.id, name: values.nameAndSurname, town: values.state, product: product ? `${product.brand} ${product.model}` : null }), ref.ref);
  return row!.id;
}

/** The product a quote link names (/contacto?producto=1), for the page without the pop-up. */
export async function quoteProduct(value: string | null) {
  const id = parseProductId(value);
  if (!id) return null;
  const product = await findProductSummary(await getDb(), id, "");
  return product ? { id: product.id, name: `${product.brand} ${product.model}`, path: product.url } : null;
}

async function findProductSummary(db: Pick<Database, "select">, id: number, baseUrl: string) {
  const [row] = await db
    .select({ id: products.id, family: products.family, brand: products.brand, model: products.model })
    .from(products)
    .where(eq(products.id, id));
  return row ? { ...row, url: `${baseUrl}${detailHref(row)}` } : null;
}
