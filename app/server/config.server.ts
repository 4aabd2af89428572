import { isIP } from "node:net";
import { z } from "zod";
import { phoneCheck } from "~/domain/fields/phone";
import { isPostcodePrefix } from "~/domain/fields/postcode";
import type { ServiceArea } from "~/domain/orders/service-area";
import type { ShopInfo } from "~/domain/site/shop";
import { isValidSpanishCreditorId } from "~/domain/payments/sepa-creditor-id";
import { isValidSpanishId } from "~/domain/spanish-ids";

/**
 * Every setting of the process, read once from the environment and checked with Zod.
 * A bad value stops the start with a message naming the variable (see README, "Configuración").
 * The demo defaults let `npm start` work with no setup; a real shop overrides them.
 */
const phone = z
  .string()
  .trim()
  .check(phoneCheck({ message: "debe ser un teléfono de 9 cifras, con o sin +34" }));

/** BACKUP_KEY: 32 bytes as 64 hexadecimal digits or base64 (also read by the backup files' code). */
export function parseBackupKey(text: string): Buffer | null {
  const value = text.trim();
  const key = /^[0-9a-f]{64}$/i.test(value) ? Buffer.from(value, "hex") : Buffer.from(value, "base64");
  return key.length === 32 ? key : null;
}

const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  // Unset: listen on every address, IPv4 and IPv6, so that http://localhost:3000 answers.
  HOST: z.string().min(1).optional(),
  DATA_DIR: z.string().min(1).default("./data"),
  // The embedded database syncs each commit to disk (survives a power cut); "off" only survives
  // a killed process, and is faster (decision 0039). No effect with DATABASE_URL.
  EMBEDDED_SYNC: z.enum(["on", "off"], "debe ser on u off").default("on"),
  // Automatic backups (issue 32): AES-256-GCM key, 32 bytes as 64 hex digits or base64
  // (openssl rand -hex 32); unset: no automatic backups. Folder: default DATA_DIR/backups.
  BACKUP_KEY: z
    .string()
    .trim()
    .refine((value) => parseBackupKey(value) !== null, "debe ser una clave de 32 bytes: 64 cifras hexadecimales (openssl rand -hex 32) o base64")
    .optional(),
  BACKUP_DIR: z.string().trim().min(1).optional(),
  // A copy of each encrypted backup in S3-compatible storage (issue 32); unset: none. The
  // credentials: the two keys below, or else the SDK's usual chain (AWS_ACCESS_KEY_ID, a role).
  BACKUP_S3_BUCKET: z.string().trim().min(3).optional(),
  BACKUP_S3_ENDPOINT: z.url("debe ser una URL completa, p. ej. https://s3.eu-west-3.amazonaws.com").optional(),
  BACKUP_S3_REGION: z.string().trim().min(1).default("eu-south-2"),
  BACKUP_S3_PREFIX: z.string().trim().default("tienda/"),
  BACKUP_S3_ACCESS_KEY_ID: z.string().trim().min(1).optional(),
  BACKUP_S3_SECRET_ACCESS_KEY: z.string().trim().min(1).optional(),
  BACKUP_S3_PATH_STYLE: z.enum(["on", "off"], "debe ser on u off").default("off"),
  // Bearer token of GET /metrics (Prometheus); unset: /metrics answers 404.
  METRICS_TOKEN: z.string().trim().min(16, "debe tener al menos 16 caracteres").optional(),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, "debe empezar por postgres://")
    .optional(),
  // Unset: http://localhost:PORT (and 127.0.0.1:PORT is trusted too); required in production.
  PUBLIC_BASE_URL: z
    .url("debe ser una URL completa, p. ej. https://www.ejemplo.es")
    .regex(/^https?:\/\//, "debe empezar por http:// o https://")
    .optional(),
  // Express's `trust proxy`: a hop count, true/false, or a list of addresses and subnets.
  TRUST_PROXY: z
    .string()
    .trim()
    .transform((value, ctx) => {
      const parsed = parseTrustProxy(value);
      if (parsed === null) {
        ctx.addIssue({ code: "custom", message: "debe ser un número de saltos, true, false o una lista de direcciones (p. ej. loopback, 10.0.0.0/8)" });
        return z.NEVER;
      }
      return parsed;
    })
    .default(false),
  // PostgreSQL starts empty unless asked for the demo catalogue; the embedded database always gets it.
  SEED_DEMO: z.enum(["0", "1"]).optional(),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  SHOP_NAME: z.string().trim().min(2).default("Termoclima Madrid"),
  SHOP_LEGAL_NAME: z.string().trim().min(2).default("Termoclima Madrid S.L."),
  SHOP_PHONE: phone.default("912 345 678"),
  SHOP_PHONE_GRANADA: phone.default("958 123 456"),
  SHOP_WHATSAPP: phone.default("600 123 456"),
  SHOP_EMAIL: z.email("debe ser un e-mail válido").default("info@termoclima.example"),
  SHOP_HOURS_CONTACT: z
    .string()
    .trim()
    .min(5)
    .default("Lunes a viernes de 10:00 a 14:00 y de 15:00 a 18:30"),
  SHOP_HOURS_SUPPORT: z
    .string()
    .trim()
    .min(5)
    .default("Lunes a viernes de 10:00 a 15:00 y de 16:00 a 20:00"),
  SHOP_SERVICE_AREA: z.string().trim().min(2).default("Comunidad de Madrid"),
  // Where installation and maintenance are offered (issue 15): postcode prefixes, "28" = Madrid.
  SERVICE_POSTCODE_PREFIXES: z
    .string()
    .default("28")
    .transform((value) => [...new Set(value.split(",").map((item) => item.trim()).filter(Boolean))])
    .pipe(
      z
        .array(z.string().refine(isPostcodePrefix, "cada prefijo debe tener de 1 a 5 cifras y poder empezar un código postal español (01000 a 52999)"))
        .min(1, "debe tener al menos un prefijo, p. ej. 28"),
    ),
  // Postal address of the company: withdrawal information and form of every order e-mail.
  SHOP_ADDRESS: z.string().trim().min(5).default("Calle de Alcalá 100, 28009 Madrid"),
  // Identification of the company in the aviso legal (LSSI-CE art. 10) and the legal pages.
  SHOP_NIF: z
    .string()
    .trim()
    .refine(isValidSpanishId, "debe ser un CIF, NIF o NIE válido")
    .default("B12345674"),
  SHOP_REGISTRY: z
    .string()
    .trim()
    .min(5)
    .default("Registro Mercantil de Madrid, tomo 12345, folio 67, hoja M-123456"),
  // Written quotes (issue 17): the installer's number in the registry of installing companies
  // (Comunidad de Madrid), printed on every quote, and the days before a reminder to answer one.
  SHOP_INSTALLER_REGISTRY: z.string().trim().min(3).max(120).default("Empresa instaladora nº 28-EI-000000 (Comunidad de Madrid)"),
  QUOTE_REMINDER_DAYS: z.coerce.number().int().min(1).max(60).default(5),
  /** Days a customer has to pay a job's deposit after accepting the quote; unpaid after them, the job's units go back to stock (issue 17). */
  DEPOSIT_PAYMENT_DAYS: z.coerce.number().int().min(1).max(60).default(7),
  // Answers to a written quote (accept, changes, decline) accepted per client address in 10 minutes.
  QUOTE_RATE_LIMIT: z.coerce.number().int().min(1).max(100000).default(20),
  BANK_ACCOUNT_HOLDER: z.string().trim().min(2).default("Termoclima Madrid S.L."),
  // SEPA direct debit of plan renewals (issue 31): the creditor identifier the bank assigned
  // (AT-02, "ES" + check digits + business code + NIF). Without it, domiciliación is not offered.
  SEPA_CREDITOR_ID: z
    .string()
    .trim()
    .transform((value) => value.replace(/\s+/g, "").toUpperCase())
    .refine((value) => value === "" || isValidSpanishCreditorId(value), "debe ser el identificador de acreedor SEPA que le dio su banco (ES, 2 cifras de control, sufijo y NIF)")
    .optional(),
  BANK_IBAN: z
    .string()
    .transform((value) => value.replace(/\s+/g, "").toUpperCase())
    .pipe(z.string().regex(/^ES\d{22}$/, "debe ser un IBAN español (ES + 22 cifras)"))
    .default("ES9121000418450200051332"),
  FLAG_CACHE_MS: z.coerce.number().int().min(0).max(5000).default(2000),
  // Memory for the pages everyone sees alike (issue 14); 0 turns the page cache off.
  PAGE_CACHE_MB: z.coerce.number().int().min(0).max(1024).default(32),
  // Mail: SMTP when set (smtp://user:pass@host:587, smtps://...); otherwise .eml files under DATA_DIR/mail.
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, "debe empezar por smtp:// o smtps://")
    .optional(),
  MAIL_FROM: z.string().trim().min(3).optional(),
  // Task board (Trello). Unset: contact requests are still stored and e-mailed; no cards.
  TRELLO_API_URL: z.url().default("https://api.trello.com"),
  TRELLO_KEY: z.string().trim().min(1).optional(),
  TRELLO_TOKEN: z.string().trim().min(1).optional(),
  TRELLO_LIST_ID: z.string().trim().min(1).optional(),
  OUTBOX_POLL_MS: z.coerce.number().int().min(50).max(60000).default(1000),
  // Contact form posts accepted per client address in 10 minutes (the e2e server raises it).
  CONTACT_RATE_LIMIT: z.coerce.number().int().min(1).max(100000).default(5),
  // Free-visit bookings, changes and cancellations accepted per client address in 10 minutes (issue 17).
  VISIT_RATE_LIMIT: z.coerce.number().int().min(1).max(100000).default(10),
  // Adds to the basket accepted per client address in a minute (the e2e server raises it).
  CART_RATE_LIMIT: z.coerce.number().int().min(1).max(100000).default(60),
  // Password sign-ins tried per client address in a minute (the e2e servers raise it).
  SIGN_IN_RATE_LIMIT: z.coerce.number().int().min(1).max(100000).default(10),
  // Search suggestions answered per client address in a minute (issue 15; the bench raises it).
  SUGGESTIONS_RATE_LIMIT: z.coerce.number().int().min(1).max(10000000).default(240),
  // Accounts. The secret signs sessions: required in production, a fixed dev value otherwise.
  BETTER_AUTH_SECRET: z.string().min(32, "debe tener al menos 32 caracteres").optional(),
  GOOGLE_CLIENT_ID: z.string().trim().min(1).optional(),
  GOOGLE_CLIENT_SECRET: z.string().trim().min(1).optional(),
  GOOGLE_DISCOVERY_URL: z
    .url()
    .default("https://accounts.google.com/.well-known/openid-configuration"),
  // Staff sessions (issue 28): the second factor is asked again this long after it was given,
  // and after this long without a request to the back office; customers keep 30 days.
  STAFF_SESSION_HOURS: z.coerce.number().int().min(1).max(7 * 24).default(12),
  STAFF_IDLE_MINUTES: z.coerce.number().int().min(5).max(7 * 24 * 60).default(120),
  // The back office (issue 11): these accounts are administrators, plus those granted from /admin.
  ADMIN_EMAILS: z
    .string()
    .default("")
    .transform((value) => value.split(",").map((item) => item.trim().toLowerCase()).filter(Boolean))
    .pipe(z.array(z.email("ADMIN_EMAILS: cada dirección debe ser un e-mail"))),
  // Unpaid transfers: a reminder after this many days, cancelled (units back to stock) after these.
  TRANSFER_REMINDER_DAYS: z.coerce.number().int().min(1).max(60).default(3),
  TRANSFER_EXPIRY_DAYS: z.coerce.number().int().min(2).max(90).default(7),
  // Card and Bizum through Redsys (issue 12). Unset: both stay "En pruebas" and disabled.
  REDSYS_MERCHANT_CODE: z.string().trim().regex(/^\d{9}$/, "debe ser el código de comercio (FUC) de 9 cifras").optional(),
  REDSYS_TERMINAL: z.string().trim().regex(/^\d{1,3}$/, "debe ser el número de terminal (1 a 3 cifras)").optional(),
  // The base64 key the bank gives (24 bytes once decoded): never logged, never sent to a browser.
  REDSYS_SECRET_KEY: z
    .string()
    .trim()
    .refine((value) => /^[A-Za-z0-9+/]+={0,2}$/.test(value) && Buffer.from(value, "base64").length === 24, "debe ser la clave SHA-256 en base64 que da el banco (24 bytes)")
    .optional(),
  REDSYS_URL: z.url().regex(/^https?:\/\//).default("https://sis-t.redsys.es:25443/sis/realizarPago"),
  REDSYS_REST_URL: z.url().regex(/^https?:\/\//).default("https://sis-t.redsys.es:25443/sis/rest/trataPeticionREST"),
  // VERI*FACTU (issue 13): the AEAT host of the invoices' QR codes and of the submissions.
  VERIFACTU_ENV: z.enum(["pruebas", "produccion"]).default("pruebas"),
  // The company's qualified certificate: a PKCS#12 file (.p12/.pfx, with its password), or a
  // PEM certificate with VERIFACTU_KEY_PATH. Unset: records wait as "pendiente de envío".
  VERIFACTU_CERT_PATH: z.string().trim().min(1).optional(),
  VERIFACTU_KEY_PATH: z.string().trim().min(1).optional(),
  VERIFACTU_CERT_PASSWORD: z.string().min(1).optional(),
  // Where to send instead of the AEAT's host of VERIFACTU_ENV (a local stand-in), and the CA
  // that signs that stand-in's certificate. Tests and trials only.
  VERIFACTU_AEAT_URL: z.url().regex(/^https:\/\//, "debe ser una dirección https").optional(),
  VERIFACTU_CA_PATH: z.string().trim().min(1).optional(),
  // The installation number our records declare (SistemaInformatico.NumeroInstalacion).
  VERIFACTU_INSTALLATION: z.string().trim().min(1).max(100).default("1"),
  // Minutes a card or Bizum order holds its units while the customer pays.
  PAYMENT_WINDOW_MINUTES: z.coerce.number().int().min(5).max(24 * 60).default(30),
  // Web Push alerts to the staff's phones (issue 30). Unset: the shop makes a key pair once and
  // keeps it in the database (push_keys), shared by every instance. The private key is never
  // logged nor sent to a browser. The subject is how a push service reaches the shop.
  VAPID_PUBLIC_KEY: z.string().trim().regex(/^[A-Za-z0-9_-]{86,88}={0,2}$/, "debe ser la clave pública VAPID en base64url (la de `npx web-push generate-vapid-keys`)").optional(),
  VAPID_PRIVATE_KEY: z.string().trim().regex(/^[A-Za-z0-9_-]{42,44}={0,2}$/, "debe ser la clave privada VAPID en base64url (la de `npx web-push generate-vapid-keys`)").optional(),
  VAPID_SUBJECT: z.string().trim().regex(/^(mailto:[^\s@]+@[^\s@]+|https:\/\/\S+)$/, "debe ser mailto:correo@dominio o una dirección https://").optional(),
  // Hours a phone order (issue 30) holds its units while the customer opens the e-mailed payment link.
  PHONE_ORDER_PAYMENT_HOURS: z.coerce.number().int().min(1).max(24 * 14).default(48),
  // A breakdown's call-out fee (issue 31: desplazamiento y diagnóstico), VAT included, in cents;
  // shown before the customer sends the request when no guarantee or plan covers the unit.
  REPAIR_CALL_OUT_CENTS: z.coerce.number().int().min(0).max(100_000).default(4840),
});

export type Config = z.infer<typeof envSchema>;

export type TrustProxy = boolean | number | string[];

const PROXY_NAMES = new Set(["loopback", "linklocal", "uniquelocal"]);

/** As Express reads `trust proxy`: "2" is a hop count, "true"/"false", else addresses and subnets. */
export function parseTrustProxy(value: string): TrustProxy | null {
  if (value === "" || value === "false") return false;
  if (value === "true") return true;
  if (/^\d+$/.test(value)) return Number(value);
  const list = value.split(",").map((item) => item.trim()).filter(Boolean);
  const valid = list.every((item) => {
    if (PROXY_NAMES.has(item)) return true;
    const [address, bits, extra] = item.split("/");
    if (extra !== undefined || !address || !isIP(address)) return false;
    return bits === undefined || (/^\d+$/.test(bits) && Number(bits) <= (isIP(address) === 4 ? 32 : 128));
  });
  return valid && list.length > 0 ? list : null;
}

const LOCAL_HOSTS = new Set(["localhost", "127.0.0.1", "::1", "[::1]"]);

/**
 * Whether this process answers visitors other than this machine: it listens on a public
 * address, or sits behind a proxy. Unset HOST (every address, `npm start` on a laptop) counts
 * as local so the first run needs no setting; a deployment sets HOST or TRUST_PROXY.
 */
function servesOthers(c: { HOST?: string; TRUST_PROXY: TrustProxy }): boolean {
  return (c.HOST !== undefined && !LOCAL_HOSTS.has(c.HOST)) || c.TRUST_PROXY !== false;
}

/** The shop's public address without a trailing slash; with none set, this machine on PORT. */
export function publicBaseUrl(c: Config = config()): string {
  return (c.PUBLIC_BASE_URL ?? `http://localhost:${c.PORT}`).replace(/\/$/, "");
}

/**
 * Origins whose requests may change things (forms, sign-in): the public address, and with
 * none set both names of this machine, so http://127.0.0.1:PORT works as well as localhost.
 */
export function trustedOrigins(c: Config = config()): string[] {
  if (c.PUBLIC_BASE_URL) return [new URL(c.PUBLIC_BASE_URL).origin];
  return [`http://localhost:${c.PORT}`, `http://127.0.0.1:${c.PORT}`, `http://[::1]:${c.PORT}`];
}

/** The demo catalogue goes into an empty embedded database always, into PostgreSQL only with SEED_DEMO=1. */
export function seedsDemo(c: Config = config()): boolean {
  return c.DATABASE_URL ? c.SEED_DEMO === "1" : c.SEED_DEMO !== "0";
}

export function parseConfig(env: Record<string, string | undefined>): Config {
  const cleaned = Object.fromEntries(
    Object.entries(env).filter(([, value]) => value !== undefined && value !== ""),
  );
  const result = envSchema
    .superRefine((c, ctx) => {
      const trello = [c.TRELLO_KEY, c.TRELLO_TOKEN, c.TRELLO_LIST_ID].filter(Boolean).length;
      if (trello !== 0 && trello !== 3) {
        ctx.addIssue({ code: "custom", path: ["TRELLO_KEY"], message: "TRELLO_KEY, TRELLO_TOKEN y TRELLO_LIST_ID van juntas" });
      }
      const redsys = [c.REDSYS_MERCHANT_CODE, c.REDSYS_TERMINAL, c.REDSYS_SECRET_KEY].filter(Boolean).length;
      if (redsys !== 0 && redsys !== 3) {
        ctx.addIssue({ code: "custom", path: ["REDSYS_MERCHANT_CODE"], message: "REDSYS_MERCHANT_CODE, REDSYS_TERMINAL y REDSYS_SECRET_KEY van juntas" });
      }
      if (c.VERIFACTU_KEY_PATH && !c.VERIFACTU_CERT_PATH) {
        ctx.addIssue({ code: "custom", path: ["VERIFACTU_KEY_PATH"], message: "necesita VERIFACTU_CERT_PATH (el certificado en PEM)" });
      }
      if (Boolean(c.VAPID_PUBLIC_KEY) !== Boolean(c.VAPID_PRIVATE_KEY)) {
        ctx.addIssue({ code: "custom", path: ["VAPID_PUBLIC_KEY"], message: "VAPID_PUBLIC_KEY y VAPID_PRIVATE_KEY van juntas" });
      }
      if (Boolean(c.GOOGLE_CLIENT_ID) !== Boolean(c.GOOGLE_CLIENT_SECRET)) {
        ctx.addIssue({ code: "custom", path: ["GOOGLE_CLIENT_ID"], message: "GOOGLE_CLIENT_ID y GOOGLE_CLIENT_SECRET van juntas" });
      }
      if (Boolean(c.BACKUP_S3_ACCESS_KEY_ID) !== Boolean(c.BACKUP_S3_SECRET_ACCESS_KEY)) {
        ctx.addIssue({ code: "custom", path: ["BACKUP_S3_ACCESS_KEY_ID"], message: "BACKUP_S3_ACCESS_KEY_ID y BACKUP_S3_SECRET_ACCESS_KEY van juntas" });
      }
      if (c.BACKUP_S3_BUCKET && !c.BACKUP_KEY) {
        ctx.addIssue({ code: "custom", path: ["BACKUP_S3_BUCKET"], message: "necesita BACKUP_KEY: solo se envían fuera copias cifradas" });
      }
      if (c.STAFF_IDLE_MINUTES > c.STAFF_SESSION_HOURS * 60) {
        ctx.addIssue({ code: "custom", path: ["STAFF_IDLE_MINUTES"], message: "no puede ser mayor que STAFF_SESSION_HOURS (en minutos)" });
      }
      if (c.DATABASE_URL && !c.BETTER_AUTH_SECRET) {
        ctx.addIssue({
          code: "custom",
          path: ["BETTER_AUTH_SECRET"],
          message: "es obligatoria con DATABASE_URL: todas las instancias deben firmar las sesiones con el mismo secreto (32 caracteres o más)",
        });
      }
      if (c.NODE_ENV === "production" && !c.BETTER_AUTH_SECRET && c.PUBLIC_BASE_URL?.startsWith("https:")) {
        ctx.addIssue({ code: "custom", path: ["BETTER_AUTH_SECRET"], message: "es obligatoria en producción (32 caracteres o más)" });
      }
      if (c.NODE_ENV === "production" && !c.PUBLIC_BASE_URL && servesOthers(c)) {
        ctx.addIssue({
          code: "custom",
          path: ["PUBLIC_BASE_URL"],
          message: "es obligatoria en producción (la dirección pública de la tienda, p. ej. https://www.ejemplo.es)",
        });
      }
    })
    .safeParse(cleaned);
  if (!result.success) {
    const lines = result.error.issues.map(
      (issue) => `  ${issue.path.join(".")}: ${issue.message}`,
    );
    throw new Error(`Configuración no válida:\n${lines.join("\n")}`);
  }
  return result.data;
}

let current: Config | undefined;

export function config(): Config {
  current ??= parseConfig(process.env);
  return current;
}

/** What the browser may see: the shop's public facts, never credentials. */
export function publicShopInfo(): ShopInfo {
  const c = config();
  return {
    name: c.SHOP_NAME,
    phone: c.SHOP_PHONE,
    phoneGranada: c.SHOP_PHONE_GRANADA,
    whatsapp: c.SHOP_WHATSAPP,
    email: c.SHOP_EMAIL,
    hoursContact: c.SHOP_HOURS_CONTACT,
    hoursSupport: c.SHOP_HOURS_SUPPORT,
    serviceArea: c.SHOP_SERVICE_AREA,
    legalName: c.SHOP_LEGAL_NAME,
    nif: c.SHOP_NIF,
    address: c.SHOP_ADDRESS,
    registry: c.SHOP_REGISTRY,
    baseUrl: publicBaseUrl(c),
  };
}

/** Where installation and maintenance are offered: its name and postcode prefixes (issue 15). */
export function serviceArea(): ServiceArea {
  const c = config();
  return { name: c.SHOP_SERVICE_AREA, prefixes: c.SERVICE_POSTCODE_PREFIXES };
}

/** The sender of the shop's e-mails. */
export function mailFrom(): string {
  const c = config();
  return c.MAIL_FROM ?? `${c.SHOP_NAME} <${c.SHOP_EMAIL}>`;
}

export function trelloConfig() {
  const c = config();
  if (!c.TRELLO_KEY || !c.TRELLO_TOKEN || !c.TRELLO_LIST_ID) return null;
  return { apiUrl: c.TRELLO_API_URL.replace(/\/$/, ""), key: c.TRELLO_KEY, token: c.TRELLO_TOKEN, listId: c.TRELLO_LIST_ID };
}

/** The VAPID key pair given in the environment (null: the shop's own, app/server/alerts/vapid-keys.server.ts) and the subject. */
export function vapidSettings(): { keys: { publicKey: string; privateKey: string } | null; subject: string } {
  const c = config();
  const keys = c.VAPID_PUBLIC_KEY && c.VAPID_PRIVATE_KEY ? { publicKey: c.VAPID_PUBLIC_KEY, privateKey: c.VAPID_PRIVATE_KEY } : null;
  return { keys, subject: c.VAPID_SUBJECT ?? `mailto:${c.SHOP_EMAIL}` };
}

/** Only for tests: read the environment again. */
export function resetConfigForTests(): void {
  current = undefined;
}

export type RedsysConfig = {
  merchantCode: string;
  terminal: string;
  /** The bank's base64 key: only app/server/payments reads it, to sign and verify. */
  secretKey: string;
  url: string;
  restUrl: string;
  windowMinutes: number;
};

/** Card and Bizum are offered only when the three Redsys settings are given (issue 12). */
export function redsysConfig(): RedsysConfig | null {
  const c = config();
  if (!c.REDSYS_MERCHANT_CODE || !c.REDSYS_TERMINAL || !c.REDSYS_SECRET_KEY) return null;
  return {
    merchantCode: c.REDSYS_MERCHANT_CODE,
    terminal: c.REDSYS_TERMINAL,
    secretKey: c.REDSYS_SECRET_KEY,
    url: c.REDSYS_URL,
    restUrl: c.REDSYS_REST_URL,
    windowMinutes: c.PAYMENT_WINDOW_MINUTES,
  };
}

export type SepaConfig = { creditorId: string; creditorName: string; iban: string };

/** SEPA direct debit is offered only with the creditor identifier (issue 31). */
export function sepaConfig(): SepaConfig | null {
  const c = config();
  if (!c.SEPA_CREDITOR_ID) return null;
  return { creditorId: c.SEPA_CREDITOR_ID, creditorName: c.BANK_ACCOUNT_HOLDER, iban: c.BANK_IBAN };
}
