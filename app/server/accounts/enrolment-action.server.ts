import { data, redirect } from "react-router";
import { z } from "zod";
import { SECOND_FACTOR_MESSAGES, totpCodeSchema, totpKeyOf, type EnrolmentScan, type EnrolmentStart } from "~/domain/accounts/second-factor";
import { backupCodesFileName, backupCodesHref } from "~/domain/accounts/backup-codes-file";
import { cookieHeaders } from "./auth-forms.server";
import { config } from "../config.server";
import { readForm } from "../http/request-body.server";
import type { Admin } from "./admin-access.server";
import { finishEnrolment, startEnrolment, qrSvg } from "./second-factor.server";

const formSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("start"), password: z.string().max(200).optional() }),
  z.object({ intent: z.literal("verify"), code: z.string().max(20), uri: z.string().max(500), codes: z.string().max(400) }),
]);

/** The backup codes as a file to download, naming the shop and the account. */
export function codesFileOf(email: string, codes: string[]): EnrolmentScan["codesFile"] {
  const shop = config().SHOP_NAME;
  return { href: backupCodesHref(shop, email, codes), name: backupCodesFileName(shop) };
}

/**
 * The enrolment form's two steps (app/ui/accounts/second-factor-enrolment.tsx), for an administrator or
 * a technician already known to be enrolling; a finished enrolment goes to `home`.
 */
export async function enrolmentAction(request: Request, account: Admin, home: string) {
  return enrolmentSteps(request, account, home, Object.fromEntries(await readForm(request, { maxBytes: 8_000 })));
}

/** The same two steps on fields already read (the "Seguridad" page adds the app this way, issue 28). */
export async function enrolmentSteps(request: Request, account: Admin, home: string, fields: Record<string, unknown>) {
  const parsed = formSchema.safeParse(fields);
  if (!parsed.success) return data<EnrolmentStart>({ step: 1, error: SECOND_FACTOR_MESSAGES.unexpected }, { status: 400 });
  const form = parsed.data;
  if (form.intent === "start") {
    const started = await startEnrolment(request, form.password || undefined);
    if (!started.ok) return data<EnrolmentStart>({ step: 1, error: started.message }, { status: started.status });
    const { totpURI, backupCodes, qrSvg: svg } = started.enrolment;
    const codesFile = codesFileOf(account.email, backupCodes);
    return data<EnrolmentScan>({ step: 2, uri: totpURI, key: totpKeyOf(totpURI) ?? "", qrSvg: svg, backupCodes, codesFile, error: null });
  }
  // The key and codes come back only to be shown again next to the error; nothing is trusted from them.
  const codes = form.codes.split(" ").filter(Boolean);
  const again = async (error: string, status: number) =>
    data<EnrolmentScan>(
      { step: 2, uri: form.uri, key: totpKeyOf(form.uri) ?? "", qrSvg: await qrSvg(form.uri), backupCodes: codes, codesFile: codesFileOf(account.email, codes), error },
      { status },
    );
  const code = totpCodeSchema.safeParse(form.code);
  if (!code.success) return again(SECOND_FACTOR_MESSAGES.code, 400);
  const finished = await finishEnrolment(request, account, code.data);
  if (!finished.ok) return again(finished.message, finished.status);
  throw redirect(home, { headers: cookieHeaders(finished.cookies) });
}
