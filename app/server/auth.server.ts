import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { admin } from "better-auth/plugins/admin";
import { genericOAuth } from "better-auth/plugins/generic-oauth";
import { twoFactor } from "better-auth/plugins/two-factor";
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from "~/domain/accounts/password-rules";
import { RETENTION } from "~/domain/site/retention";
import { beforeAccountCreated, markEmailVerified } from "./accounts/account-linking.server";
import { queueAdminVerification, sendAdminVerification, VERIFICATION_LINK_SECONDS } from "./accounts/admin-verification.server";
import * as accountTables from "./accounts/accounts-schema.server";
import { accountHooks } from "./accounts/auth-hooks.server";
import { config, publicShopInfo, trustedOrigins } from "./config.server";
import type { Database } from "./db/client.server";
import { getDb } from "./db/db.server";
import { enqueue } from "./outbox.server";
import { authRateLimitStorage } from "./rate-limit.server";

/**
 * Accounts with better-auth on our own database: sessions in the `session` table behind an
 * httpOnly cookie, Origin checks on, rate limits stored in the database (shared by instances).
 */

function createAuth(db: Database) {
  const c = config();
  const baseURL = publicShopInfo().baseUrl;
  const google =
    c.GOOGLE_CLIENT_ID && c.GOOGLE_CLIENT_SECRET
      ? [
          genericOAuth({
            config: [
              {
                providerId: "google",
                clientId: c.GOOGLE_CLIENT_ID,
                clientSecret: c.GOOGLE_CLIENT_SECRET,
                discoveryUrl: c.GOOGLE_DISCOVERY_URL,
                scopes: ["openid", "email", "profile"],
                pkce: true,
              },
            ],
          }),
        ]
      : [];
  return betterAuth({
    appName: c.SHOP_NAME,
    baseURL,
    basePath: "/api/auth",
    secret: authSecret(),
    // With no PUBLIC_BASE_URL, http://localhost:PORT and http://127.0.0.1:PORT both work.
    trustedOrigins: trustedOrigins(),
    database: drizzleAdapter(db, {
      provider: "pg",
      schema: {
        user: accountTables.user,
        session: accountTables.session,
        account: accountTables.account,
        verification: accountTables.verification,
        twoFactor: accountTables.twoFactor,
      },
    }),
    emailAndPassword: {
      enabled: true,
      // 12 characters (issue 28); common passwords are refused by accountHooks on every endpoint that sets one.
      minPasswordLength: MIN_PASSWORD_LENGTH,
      maxPasswordLength: MAX_PASSWORD_LENGTH,
      resetPasswordTokenExpiresIn: 60 * 60,
      revokeSessionsOnPasswordReset: true,
      // The reset link reached the inbox: the address is proved (account-linking.server.ts).
      onPasswordReset: async ({ user }) => markEmailVerified(db, user.id),
      // The e-mail goes through the outbox: sent after the commit, retried if SMTP is down.
      sendResetPassword: async ({ user, url }) => {
        await enqueue(db, "email", {
          to: user.email,
          subject: `${c.SHOP_NAME}: restablecer su contraseña`,
          text: [
            "Hola,",
            "",
            "Hemos recibido una solicitud para restablecer la contraseña de su cuenta.",
            "Para elegir una nueva, abra este enlace (caduca en 1 hora y solo se puede usar una vez):",
            "",
            url,
            "",
            "Si no ha sido usted, ignore este mensaje: su contraseña no cambia.",
            "",
            c.SHOP_NAME,
          ].join("\n"),
        });
      },
    },
    // Google joins an existing account of the same e-mail, even one whose e-mail nobody proved
    // (registration sends no confirmation); account-linking.server.ts makes that safe.
    account: { accountLinking: { enabled: true, trustedProviders: ["google"], requireLocalEmailVerified: false } },
    // An address of ADMIN_EMAILS is proved by a link before it opens /admin (issue 28,
    // accounts/admin-verification.server.ts); customers get no such e-mail (the spec has none).
    emailVerification: {
      sendOnSignUp: false,
      autoSignInAfterVerification: false,
      expiresIn: VERIFICATION_LINK_SECONDS,
      sendVerificationEmail: async ({ user, url }) => void (await queueAdminVerification(db, user, url)),
    },
    databaseHooks: {
      account: { create: { before: async (created) => void (await beforeAccountCreated(db, created, c.SHOP_NAME)) } },
      // Every new session of a listed, unproved address (sign-up, sign-in) sends the link, at most once a minute.
      session: { create: { after: async (created) => void (await sendAdminVerification(db, authSecret(), created.userId)) } },
    },
    // The period the privacy policy states (~/domain/retention).
    session: { expiresIn: 60 * 60 * 24 * RETENTION.sessionDays, updateAge: 60 * 60 * 24 },
    // Counted with every other limit of the shop, in request_limits (app/server/rate-limit.server.ts).
    rateLimit: {
      enabled: true,
      customStorage: authRateLimitStorage(db),
      window: 60,
      max: 100,
      customRules: {
        "/sign-in/email": { window: 60, max: c.SIGN_IN_RATE_LIMIT },
        "/sign-up/email": { window: 60, max: 5 },
        "/request-password-reset": { window: 60, max: 5 },
      },
    },
    advanced: {
      // server.ts replaces any client value of this header with the socket's (or the trusted proxy's) address.
      ipAddress: { ipAddressHeaders: ["x-forwarded-for"] },
      useSecureCookies: baseURL.startsWith("https:"),
      // better-auth skips this check when NODE_ENV=test; say it, so tests run what production runs.
      disableOriginCheck: false,
    },
    // A failed OAuth return with no error URL of its own lands on /login (a Spanish message), not on better-auth's English page.
    onAPIError: { errorURL: `${baseURL}/login` },
    // The admin plugin's ban ends the user's sessions and refuses new ones (BANNED_USER, spec section 8).
    // Its HTTP endpoints are closed (routes/auth-api.ts): the back office changes roles and bans
    // through its own actions, which check the second factor and write the audit log.
    // Two factors: administrators enrol an authenticator app (app/server/accounts/admin-access.server.ts);
    // an account without a Google-only password may enrol without one (allowPasswordless).
    // accountHooks (issue 28): common passwords refused, sign-ins delayed per account, staff sign-ins logged.
    plugins: [admin(), twoFactor({ issuer: c.SHOP_NAME, allowPasswordless: true }), ...google, accountHooks(db)],
  });
}

/**
 * BETTER_AUTH_SECRET, or for a single embedded-database install a random secret kept next to
 * the data (so `npm start` needs no setup and nothing secret lives in the code).
 */
export function authSecret(): string {
  const c = config();
  if (c.BETTER_AUTH_SECRET) return c.BETTER_AUTH_SECRET;
  const file = path.resolve(c.DATA_DIR, ".auth-secret");
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  mkdirSync(path.dirname(file), { recursive: true });
  const secret = randomBytes(32).toString("hex");
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

export type Auth = ReturnType<typeof createAuth>;

const holder: { auth?: Auth; db?: Database } = ((globalThis as { __shopAuth?: object }).__shopAuth ??= {});

export async function getAuth(): Promise<Auth> {
  const db = await getDb();
  // A new database handle (tests) gets a new auth instance.
  if (!holder.auth || holder.db !== db) {
    holder.auth = createAuth(db);
    holder.db = db;
  }
  return holder.auth;
}

export function isGoogleConfigured(): boolean {
  const c = config();
  return Boolean(c.GOOGLE_CLIENT_ID && c.GOOGLE_CLIENT_SECRET);
}
