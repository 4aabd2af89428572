import type { BetterAuthPlugin } from "better-auth";
import { APIError, createAuthMiddleware, getSessionFromCtx, isAPIError } from "better-auth/api";
import { eq } from "drizzle-orm";
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from "~/domain/accounts/password-rules";
import { MESSAGES, PASSWORD_COMMON } from "~/domain/accounts/auth-messages";
import type { Database } from "../db/client.server";
import { user as userTable } from "../db/schema.server";
import { staffRoleOf } from "./admin-access.server";
import { passwordProblem } from "./password-check.server";
import { checkAccountThrottle, recordSignInResult } from "./sign-in-throttle.server";
import { auditStaffFailure, auditStaffSignIn, clientOf, type SignInMoment } from "./staff-audit.server";
import { checkStaffDevice, deviceCookieName, deviceCookieOptions } from "./staff-devices.server";

/*
 * Our rules inside better-auth (issue 28), as hooks on its endpoints, so that every way in
 * passes them: our /login and /login/restablecer forms (which call its handler, callAuth) and
 * the public /api/auth/* alike.
 * - Every endpoint that sets a password refuses a common one (password-check.server.ts).
 * - Password sign-ins wait per account after repeated failures (sign-in-throttle.server.ts).
 * - A staff sign-in that passes the second factor is logged with its address and browser, and
 *   one from a new browser e-mails the owner; wrong passwords and codes of staff are logged.
 */

type HookContext = Parameters<Parameters<typeof createAuthMiddleware>[0]>[0];

/** Where each endpoint that sets a password carries it. */
const PASSWORD_FIELDS: Record<string, "password" | "newPassword"> = {
  "/sign-up/email": "password",
  "/reset-password": "newPassword",
  "/change-password": "newPassword",
  "/set-password": "newPassword",
  "/admin/create-user": "password",
  "/admin/set-user-password": "newPassword",
};

const SIGN_IN = "/sign-in/email";
const CODE_PATHS = new Set(["/two-factor/verify-totp", "/two-factor/verify-backup-code", "/two-factor/verify-otp"]);

const text = (value: unknown): string | null => (typeof value === "string" ? value : null);
const bodyOf = (ctx: HookContext): Record<string, unknown> => (ctx.body && typeof ctx.body === "object" ? (ctx.body as Record<string, unknown>) : {});
const headersOf = (ctx: HookContext): Headers => ctx.headers ?? ctx.request?.headers ?? new Headers();

export function accountHooks(db: Database) {
  async function userBy(where: { id: string } | { email: string }) {
    const [row] = await db
      .select({ id: userTable.id, email: userTable.email, name: userTable.name, role: userTable.role, emailVerified: userTable.emailVerified })
      .from(userTable)
      .where("id" in where ? eq(userTable.id, where.id) : eq(userTable.email, where.email.trim().toLowerCase()));
    return row ?? null;
  }

  /** The e-mail of the account whose password is being set, for the guesser's first words. */
  async function emailOfPasswordOwner(ctx: HookContext): Promise<string | undefined> {
    const body = bodyOf(ctx);
    const email = text(body.email);
    if (email) return email;
    const token = text(body.token) ?? text(ctx.query?.token);
    if (ctx.path === "/reset-password" && token) {
      const found = await ctx.context.internalAdapter.findVerificationValue(`reset-password:${token}`);
      return found ? (await userBy({ id: found.value }))?.email : undefined;
    }
    const userId = text(body.userId);
    if (userId) return (await userBy({ id: userId }))?.email;
    return (await getSessionFromCtx(ctx).catch(() => null))?.user.email;
  }

  const refuseCommonPassword = createAuthMiddleware(async (ctx) => {
    const field = PASSWORD_FIELDS[ctx.path ?? ""];
    const password = field ? text(bodyOf(ctx)[field]) : null;
    // Missing, too short or too long: better-auth answers with its own code, mapped to Spanish.
    if (password === null || password.length < MIN_PASSWORD_LENGTH || password.length > MAX_PASSWORD_LENGTH) return;
    const problem = await passwordProblem(password, await emailOfPasswordOwner(ctx));
    if (problem) throw new APIError("BAD_REQUEST", { code: PASSWORD_COMMON, message: problem });
  });

  const waitPerAccount = createAuthMiddleware(async (ctx) => {
    const email = text(bodyOf(ctx).email);
    if (!email) return;
    const check = await checkAccountThrottle(db, email);
    // The password is not even looked at: a guess during the wait is worth nothing.
    if (!check.ok) {
      throw new APIError("TOO_MANY_REQUESTS", { code: "TOO_MANY_REQUESTS", message: MESSAGES.tooMany }, { "Retry-After": String(check.retryAfterSeconds) });
    }
  });

  const countSignIn = createAuthMiddleware(async (ctx) => {
    const email = text(bodyOf(ctx).email);
    const returned = ctx.context.returned;
    if (!email) return;
    const failed = isAPIError(returned);
    // Only a wrong password or an unknown e-mail counts (not a banned account, a bad Origin, our wait).
    if (failed && returned.statusCode !== 401) return;
    await recordSignInResult(db, email, !failed);
    if (!failed) return;
    const account = await userBy({ email });
    if (account && staffRoleOf(account)) await auditStaffFailure(db, account, clientOf(headersOf(ctx)), "password");
  });

  /**
   * Who gives a code, found before the code is checked (a success consumes the pending sign-in):
   * the signed-in session's user, or the user of the pending sign-in's two-factor cookie.
   */
  const codeGivers = new WeakMap<Request, { userId: string; moment: SignInMoment | "enrolment" }>();

  const rememberCodeGiver = createAuthMiddleware(async (ctx) => {
    if (!ctx.request) return;
    const session = await getSessionFromCtx(ctx).catch(() => null);
    if (session) {
      codeGivers.set(ctx.request, { userId: session.user.id, moment: session.user.twoFactorEnabled ? "step-up" : "enrolment" });
      return;
    }
    const cookie = ctx.context.createAuthCookie("two_factor");
    const pending = await ctx.getSignedCookie(cookie.name, ctx.context.secret).catch(() => null);
    if (!pending) return;
    const found = await ctx.context.internalAdapter.findVerificationValue(pending);
    if (found) codeGivers.set(ctx.request, { userId: found.value, moment: "sign-in" });
  });

  const noteStaffSignIn = createAuthMiddleware(async (ctx) => {
    const giver = ctx.request ? codeGivers.get(ctx.request) : undefined;
    if (!giver) return;
    const account = await userBy({ id: giver.userId });
    if (!account || !staffRoleOf(account)) return;
    const headers = headersOf(ctx);
    const client = clientOf(headers);
    if (isAPIError(ctx.context.returned)) {
      if (giver.moment !== "enrolment" && ctx.context.returned.statusCode === 401) await auditStaffFailure(db, account, client, "code");
      return;
    }
    const device = await checkStaffDevice(db, account, {
      deviceId: ctx.getCookie(deviceCookieName()),
      client,
      userAgent: headers.get("user-agent") ?? "",
    });
    ctx.setCookie(deviceCookieName(), device.deviceId, deviceCookieOptions());
    // The enrolment has its own line ("activó el segundo factor").
    if (giver.moment !== "enrolment") await auditStaffSignIn(db, account, client, device.newDevice, giver.moment);
  });

  return {
    id: "shop-account-rules",
    hooks: {
      before: [
        { matcher: (ctx) => Boolean(ctx.path && ctx.path in PASSWORD_FIELDS), handler: refuseCommonPassword },
        { matcher: (ctx) => ctx.path === SIGN_IN, handler: waitPerAccount },
        { matcher: (ctx) => CODE_PATHS.has(ctx.path ?? ""), handler: rememberCodeGiver },
      ],
      after: [
        { matcher: (ctx) => ctx.path === SIGN_IN, handler: countSignIn },
        { matcher: (ctx) => CODE_PATHS.has(ctx.path ?? ""), handler: noteStaffSignIn },
      ],
    },
  } satisfies BetterAuthPlugin;
}
