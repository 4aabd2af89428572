import { data } from "react-router";
import { firstMessage } from "~/domain/fields/field-errors";
import { z } from "zod";
import { browserName } from "~/domain/accounts/browser-name";
import { PASSKEY_MESSAGES } from "~/domain/accounts/passkeys";
import { completeAssertion, completeRegistration, startAssertion, startRegistration, type FlowAnswer } from "~/server/accounts/passkey-flows.server";
import { cookieHeaders } from "~/server/accounts/auth-forms.server";
import { bodyProblemMessage, bodyProblemStatus, readJsonText } from "~/server/http/request-body.server";
import type { Route } from "./+types/passkey-api";

/*
 * POST /cuenta/llaves/:paso — the passkeys' JSON steps for the page's script (issue 28):
 * registro-opciones → registro (a new passkey), entrada-opciones → entrada (signing in, the
 * second factor, or confirming who one is; app/server/accounts/passkey-flows.server.ts decides
 * which from the session). Not under /api/auth: those are better-auth's own endpoints.
 */

const NO_STORE = { "Cache-Control": "no-store" };
/** An attestation with its key and a few extensions is a few kilobytes. */
const BODY_LIMIT = 32_000;

/** The name a person gives a passkey ("Móvil de Ana"), without control characters. */
const passkeyNameSchema = z
  .string()
  .trim()
  .max(60, "Use como máximo 60 caracteres para el nombre.")
  .transform((value) => value.replace(/\p{Cc}/gu, ""));

const bodies = {
  "registro-opciones": z.object({ password: z.string().max(200).optional() }),
  registro: z.object({ response: z.unknown(), name: passkeyNameSchema.default("") }),
  "entrada-opciones": z.object({}).passthrough(),
  entrada: z.object({ response: z.unknown() }),
};

function answer(result: FlowAnswer): Response {
  if (!result.ok) return Response.json({ ok: false, message: result.message }, { status: result.status, headers: NO_STORE });
  const headers = cookieHeaders(result.cookies ?? []);
  headers.set("Cache-Control", "no-store");
  return Response.json({ ok: true, ...result.body }, { headers });
}

const refused = (status: number, message: string) => Response.json({ ok: false, message }, { status, headers: NO_STORE });

export async function action({ request, params }: Route.ActionArgs) {
  // The body first, like every action: a mistyped or oversized one is refused whatever the step.
  if (!/^application\/json\s*(;|$)/i.test(request.headers.get("content-type") ?? "")) return refused(415, PASSKEY_MESSAGES.notJson);
  let raw: unknown;
  try {
    const text = await readJsonText(request, BODY_LIMIT);
    raw = text ? JSON.parse(text) : {};
  } catch (error) {
    const status = bodyProblemStatus(error);
    return refused(status ?? 400, bodyProblemMessage(error) ?? PASSKEY_MESSAGES.badInput);
  }
  const step = params.paso;
  if (!(step in bodies)) throw data(null, { status: 404 });
  switch (step) {
    case "registro-opciones": {
      const body = bodies[step].safeParse(raw);
      if (!body.success) return refused(400, PASSKEY_MESSAGES.badInput);
      return answer(await startRegistration(request, body.data.password));
    }
    case "registro": {
      const body = bodies[step].safeParse(raw);
      if (!body.success) return refused(400, firstMessage(body.error, PASSKEY_MESSAGES.badInput));
      // Unnamed: the browser's name ("Chrome en Android"), so two passkeys in the list differ.
      const name = body.data.name || browserName(request.headers.get("user-agent")).slice(0, 60);
      return answer(await completeRegistration(request, body.data.response, name));
    }
    case "entrada-opciones":
      return answer(await startAssertion(request));
    default: {
      const body = bodies.entrada.safeParse(raw);
      if (!body.success) return refused(400, PASSKEY_MESSAGES.badInput);
      return answer(await completeAssertion(request, body.data.response));
    }
  }
}

/** A browser that opens the address gets the ordinary 404. */
export function loader() {
  throw data(null, { status: 404 });
}
