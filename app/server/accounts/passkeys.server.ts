import { randomBytes } from "node:crypto";
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type AuthenticatorTransportFuture,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  type RegistrationResponseJSON,
} from "@simplewebauthn/server";
import { and, asc, eq, lt, or } from "drizzle-orm";
import { z } from "zod";
import { PASSKEY_MESSAGES, type PasskeyPurpose } from "~/domain/accounts/passkeys";
import { getAuth } from "../auth.server";
import { config, publicShopInfo, trustedOrigins } from "../config.server";
import type { Database } from "../db/client.server";
import { passkeys, twoFactor } from "./accounts-schema.server";
import { log } from "../log.server";

/*
 * The WebAuthn ceremonies of the staff's passkeys (issue 28), with @simplewebauthn/server.
 * The relying party is this shop: its ID is the host name of PUBLIC_BASE_URL and answers must
 * come from that origin (or, with no PUBLIC_BASE_URL, from one of the local origins the
 * configuration trusts). User verification is required: the fingerprint, face or PIN makes
 * the passkey a second factor on its own.
 *
 * Challenges are kept on the server in better-auth's `verification` table, keyed by the
 * challenge itself (32 random bytes) with what it was issued for, for 5 minutes, and consumed
 * (deleted) by the first answer that carries it: expired, unknown or replayed challenges find
 * nothing. The browser's answer carries its challenge inside clientDataJSON, so no cookie is
 * needed to find it again; the signature over it still has to verify.
 */

const CHALLENGE_TTL_MS = 5 * 60_000;
const TIMEOUT_MS = 120_000;

export type PasskeyFailure = { ok: false; status: number; message: string };
const fail = (status: number, message: string): PasskeyFailure => ({ ok: false, status, message });

/** The origin this request's page was served from, when it is one the shop trusts. */
function relyingParty(request: Request): { rpID: string; origin: string } {
  const trusted = trustedOrigins();
  const fromRequest = [request.headers.get("origin"), new URL(request.url).origin];
  const origin = fromRequest.find((value): value is string => !!value && trusted.includes(value)) ?? publicShopInfo().baseUrl;
  return { rpID: new URL(origin).hostname.replace(/^\[|\]$/g, ""), origin };
}

function expected() {
  const origins = trustedOrigins();
  return { origins, rpIDs: [...new Set(origins.map((origin) => new URL(origin).hostname.replace(/^\[|\]$/g, "")))] };
}

type ChallengeRecord = { purpose: PasskeyPurpose; userId: string | null };
const challengeKey = (challenge: string) => `passkey-challenge:${challenge}`;

/** The challenge's bytes: the library sends them base64url-encoded, which is the key kept here. */
async function issueChallenge(record: ChallengeRecord): Promise<Uint8Array<ArrayBuffer>> {
  const bytes = new Uint8Array(randomBytes(32));
  const challenge = Buffer.from(bytes).toString("base64url");
  const context = await (await getAuth()).$context;
  await context.internalAdapter.createVerificationValue({
    identifier: challengeKey(challenge),
    value: JSON.stringify(record),
    expiresAt: new Date(Date.now() + CHALLENGE_TTL_MS),
  });
  return bytes;
}

/** The challenge an answer carries, taken once (null: unknown, expired or already used). */
async function takeChallenge(clientDataJSON: string): Promise<{ challenge: string; record: ChallengeRecord } | null> {
  let challenge: unknown;
  try {
    challenge = (JSON.parse(Buffer.from(clientDataJSON, "base64url").toString("utf8")) as { challenge?: unknown }).challenge;
  } catch {
    return null;
  }
  if (typeof challenge !== "string" || !/^[A-Za-z0-9_-]{20,100}$/.test(challenge)) return null;
  const context = await (await getAuth()).$context;
  const consumed = await context.internalAdapter.consumeVerificationValue(challengeKey(challenge));
  if (!consumed) return null;
  try {
    return { challenge, record: JSON.parse(consumed.value) as ChallengeRecord };
  } catch {
    return null;
  }
}

const b64url = z.string().max(4_000).regex(/^[A-Za-z0-9_-]*={0,2}$/);
const base = { id: b64url.min(1), rawId: b64url.min(1), type: z.literal("public-key"), clientExtensionResults: z.object({}).passthrough().default({}), authenticatorAttachment: z.string().max(40).optional() };

/** What navigator.credentials.create() gave, as @simplewebauthn/browser serialises it. */
export const registrationResponseSchema = z.object({
  ...base,
  response: z.object({ clientDataJSON: b64url, attestationObject: b64url, transports: z.array(z.string().max(20)).max(10).optional() }).passthrough(),
});

/** What navigator.credentials.get() gave. */
export const authenticationResponseSchema = z.object({
  ...base,
  response: z.object({ clientDataJSON: b64url, authenticatorData: b64url, signature: b64url, userHandle: b64url.optional() }).passthrough(),
});

type Owner = { id: string; email: string; name: string };

export async function passkeysOf(db: Database, userId: string) {
  return db.select().from(passkeys).where(eq(passkeys.userId, userId)).orderBy(asc(passkeys.createdAt), asc(passkeys.id));
}

/** The authenticator app is set up (better-auth's two_factor row, verified by a first code). */
export async function totpConfigured(db: Database, userId: string): Promise<boolean> {
  const rows = await db.select({ verified: twoFactor.verified }).from(twoFactor).where(eq(twoFactor.userId, userId));
  return rows.some((row) => row.verified !== false);
}

const transportsOf = (row: { transports: string }) => (row.transports ? (row.transports.split(",") as AuthenticatorTransportFuture[]) : undefined);

export async function registrationOptions(db: Database, request: Request, owner: Owner): Promise<PublicKeyCredentialCreationOptionsJSON> {
  const { rpID } = relyingParty(request);
  const existing = await passkeysOf(db, owner.id);
  return generateRegistrationOptions({
    rpName: config().SHOP_NAME,
    rpID,
    userName: owner.email,
    userDisplayName: owner.name || owner.email,
    // better-auth's ids are random: nothing personal goes into the authenticator.
    userID: new TextEncoder().encode(owner.id),
    challenge: await issueChallenge({ purpose: "register", userId: owner.id }),
    timeout: TIMEOUT_MS,
    attestationType: "none",
    excludeCredentials: existing.map((row) => ({ id: row.credentialId, transports: transportsOf(row) })),
    // Discoverable, so that signing in needs no e-mail; verified, so that it is two factors.
    authenticatorSelection: { residentKey: "required", requireResidentKey: true, userVerification: "required" },
  });
}

export type NewPasskey = { id: number; name: string };

/** Checks a new passkey's attestation against its challenge and stores it for the owner. */
export async function finishRegistration(
  db: Database,
  request: Request,
  owner: Owner,
  body: unknown,
  name: string,
): Promise<{ ok: true; passkey: NewPasskey } | PasskeyFailure> {
  const parsed = registrationResponseSchema.safeParse(body);
  if (!parsed.success) return fail(400, PASSKEY_MESSAGES.badInput);
  const response = parsed.data as unknown as RegistrationResponseJSON;
  const taken = await takeChallenge(response.response.clientDataJSON);
  if (!taken || taken.record.purpose !== "register" || taken.record.userId !== owner.id) return fail(400, PASSKEY_MESSAGES.expired);
  const { origins, rpIDs } = expected();
  let info;
  try {
    const verified = await verifyRegistrationResponse({
      response,
      expectedChallenge: taken.challenge,
      expectedOrigin: origins,
      expectedRPID: rpIDs,
      requireUserVerification: true,
    });
    if (!verified.verified) return fail(400, PASSKEY_MESSAGES.refused);
    info = verified.registrationInfo;
  } catch (error) {
    log("passkeys").warn({ reason: (error as Error).message }, "registro de llave de acceso rechazado");
    return fail(400, PASSKEY_MESSAGES.refused);
  }
  const [row] = await db
    .insert(passkeys)
    .values({
      userId: owner.id,
      name,
      credentialId: info.credential.id,
      publicKey: Buffer.from(info.credential.publicKey).toString("base64url"),
      counter: info.credential.counter,
      transports: (info.credential.transports ?? response.response.transports ?? []).join(","),
      deviceType: info.credentialDeviceType,
      backedUp: info.credentialBackedUp,
    })
    .onConflictDoNothing({ target: passkeys.credentialId })
    .returning({ id: passkeys.id, name: passkeys.name });
  if (!row) return fail(409, PASSKEY_MESSAGES.duplicate);
  return { ok: true, passkey: row };
}

/**
 * Options for an assertion: with a user, only their passkeys are offered (the second step of
 * a sign-in, a confirmation); without one, any passkey of this site (signing in, no e-mail).
 */
export async function assertionOptions(
  db: Database,
  request: Request,
  purpose: Exclude<PasskeyPurpose, "register">,
  userId: string | null,
): Promise<PublicKeyCredentialRequestOptionsJSON> {
  const { rpID } = relyingParty(request);
  const allowed = userId ? await passkeysOf(db, userId) : [];
  return generateAuthenticationOptions({
    rpID,
    challenge: await issueChallenge({ purpose, userId }),
    timeout: TIMEOUT_MS,
    userVerification: "required",
    allowCredentials: allowed.map((row) => ({ id: row.credentialId, transports: transportsOf(row) })),
  });
}

export type Assertion = { ok: true; userId: string; passkeyId: number; name: string };

/**
 * Verifies an assertion against its challenge and the stored public key, and moves the
 * signature counter on. A counter that does not move forward (a cloned authenticator) is
 * refused; authenticators that keep it at 0 (synced passkeys) pass.
 */
export async function verifyAssertion(
  db: Database,
  request: Request,
  purpose: Exclude<PasskeyPurpose, "register">,
  body: unknown,
  expectedUserId: string | null,
  now = new Date(),
): Promise<Assertion | PasskeyFailure> {
  const parsed = authenticationResponseSchema.safeParse(body);
  if (!parsed.success) return fail(400, PASSKEY_MESSAGES.badInput);
  const response = parsed.data as unknown as AuthenticationResponseJSON;
  const taken = await takeChallenge(response.response.clientDataJSON);
  if (!taken || taken.record.purpose !== purpose || taken.record.userId !== expectedUserId) return fail(400, PASSKEY_MESSAGES.expired);
  const [stored] = await db.select().from(passkeys).where(eq(passkeys.credentialId, response.id));
  if (!stored) return fail(400, PASSKEY_MESSAGES.unknown);
  if (expectedUserId && stored.userId !== expectedUserId) return fail(403, PASSKEY_MESSAGES.otherAccount);
  const { origins, rpIDs } = expected();
  let newCounter: number;
  try {
    const verified = await verifyAuthenticationResponse({
      response,
      expectedChallenge: taken.challenge,
      expectedOrigin: origins,
      expectedRPID: rpIDs,
      requireUserVerification: true,
      credential: { id: stored.credentialId, publicKey: Buffer.from(stored.publicKey, "base64url"), counter: stored.counter, transports: transportsOf(stored) },
    });
    if (!verified.verified) return fail(400, PASSKEY_MESSAGES.refused);
    newCounter = verified.authenticationInfo.newCounter;
  } catch (error) {
    const message = (error as Error).message;
    log("passkeys").warn({ reason: message, passkey: stored.id }, "llave de acceso rechazada");
    return fail(400, /counter/i.test(message) ? PASSKEY_MESSAGES.counter : PASSKEY_MESSAGES.refused);
  }
  // Conditional on the counter read above: two answers racing with one counter value cannot both pass.
  const moved = await db
    .update(passkeys)
    .set({ counter: newCounter, lastUsedAt: now })
    .where(and(eq(passkeys.id, stored.id), or(eq(passkeys.counter, 0), lt(passkeys.counter, newCounter))))
    .returning({ id: passkeys.id });
  if (moved.length === 0) return fail(400, PASSKEY_MESSAGES.counter);
  return { ok: true, userId: stored.userId, passkeyId: stored.id, name: stored.name };
}
