import type * as z from "zod/mini";

/*
 * A field rule as a Zod check, for zod and zod/mini schemas alike (`.check(...)`), without
 * importing zod at run time: the rules' modules (postcode.ts, phone.ts) are read by pages whose
 * first load must not carry zod (issue 14); zod comes with the schema a page fetches. Like
 * z.refine: the issue does not stop the field's other checks.
 */
export function zodCheck(isValid: (value: string) => boolean, message: string): z.core.CheckFn<string> {
  return (payload) => {
    if (!isValid(payload.value)) payload.issues.push({ code: "custom", message, input: payload.value, continue: true });
  };
}
