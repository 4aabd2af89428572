import { z } from "zod";
import type { ShopInfo } from "~/domain/shop";

/**
 * Every setting of the process, read once from the environment and checked with Zod.
 * A bad value stops the start with a message naming the variable (see README, "Configuración").
 * The demo defaults let `npm start` work with no setup; a real shop overrides them.
 */
const phone = z
  .string()
  .trim()
  .regex(/^\+?[0-9 ]{9,16}$/, "debe ser un teléfono de 9 cifras, con o sin +34");

const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  // Unset: listen on every address, IPv4 and IPv6, so that http://localhost:3000 answers.
  HOST: z.string().min(1).optional(),
  DATA_DIR: z.string().min(1).default("./data"),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, "debe empezar por postgres://")
    .optional(),
  PUBLIC_BASE_URL: z.url("debe ser una URL completa, p. ej. https://www.ejemplo.es").default(
    "http://localhost:3000",
  ),
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
  BANK_ACCOUNT_HOLDER: z.string().trim().min(2).default("Termoclima Madrid S.L."),
  BANK_IBAN: z
    .string()
    .transform((value) => value.replace(/\s+/g, "").toUpperCase())
    .pipe(z.string().regex(/^ES\d{22}$/, "debe ser un IBAN español (ES + 22 cifras)"))
    .default("ES9121000418450200051332"),
  FLAG_CACHE_MS: z.coerce.number().int().min(0).max(5000).default(2000),
});

export type Config = z.infer<typeof envSchema>;

export function parseConfig(env: Record<string, string | undefined>): Config {
  const cleaned = Object.fromEntries(
    Object.entries(env).filter(([, value]) => value !== undefined && value !== ""),
  );
  const result = envSchema.safeParse(cleaned);
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
    baseUrl: c.PUBLIC_BASE_URL.replace(/\/$/, ""),
  };
}
