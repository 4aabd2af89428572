import { vi } from "vitest";
import { decodeParameters, signedMessage } from "~/server/payments/redsys-signature.server";

/*
 * A fake Redsys REST endpoint as a fetch function, for the unit tests of what we send over
 * REST (refunds, charges to a stored card): it records each request and answers with
 * `answer(parameters)`, an object sent as JSON or raw text.
 */

export type SeenRequest = { url: string; body: Record<string, string> };

export function fakeRedsys(answer: (parameters: Record<string, string>) => unknown, status = 200) {
  const seen: SeenRequest[] = [];
  const impl = vi.fn(async (url: string | URL | Request, init?: RequestInit) => {
    const body = JSON.parse(String(init?.body)) as Record<string, string>;
    seen.push({ url: String(url), body });
    const parameters = decodeParameters(body.Ds_MerchantParameters!) ?? {};
    const reply = answer(parameters);
    return new Response(typeof reply === "string" ? reply : JSON.stringify(reply), { status, headers: { "Content-Type": "application/json" } });
  });
  return { impl: impl as unknown as typeof fetch, seen };
}

/** A signed answer as Redsys sends it, under `key`, for the order in `fields.Ds_Order`. */
export function signedAnswer(key: string, fields: Record<string, string>) {
  return signedMessage(key, fields.Ds_Order!, fields);
}

/** A fetch that never answers until its signal aborts; `aborted()` tells whether it did. */
export function silentFetch() {
  let aborted = false;
  const impl = ((_url: string, init?: RequestInit) =>
    new Promise<Response>((_resolve, reject) => {
      init?.signal?.addEventListener("abort", () => {
        aborted = true;
        reject(init.signal!.reason);
      });
    })) as unknown as typeof fetch;
  return { impl, aborted: () => aborted };
}
