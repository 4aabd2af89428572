import type { ZxcvbnFactory } from "@zxcvbn-ts/core";
import { PASSWORD_MESSAGES, passwordLengthProblem } from "~/domain/accounts/password-rules";
import { config } from "../config.server";

/*
 * New passwords are refused when they are among the breached and common passwords that
 * zxcvbn-ts ships (about 49,000) or are built from common Spanish words, names, dates,
 * keyboard rows or the shop's and the person's own names (issue 28). No network call: the
 * dictionaries are part of the app.
 *
 * Loaded on first use, not at start (decision 0010): the dictionaries cost about 35 MB of
 * memory and half a second; a server that nobody registers on never pays it. Spanish
 * Wikipedia's word list and the diceware list are left out: they add 45 MB and would mark
 * random passphrases of rare words as guessable, which is the advice we give.
 */

/**
 * zxcvbn's score 3 and up: "safely unguessable", at least 10^8 guesses. Score 2 (10^6 to 10^8)
 * falls to an online attack spread over many addresses within months, and our per-account
 * delay (sign-in-throttle.server.ts) is a second line, not the first; score 4 would refuse
 * ordinary three-word passphrases like "la clave del fontanero".
 */
export const MIN_SCORE = 3;

let loading: Promise<ZxcvbnFactory> | undefined;

function estimator(): Promise<ZxcvbnFactory> {
  loading ??= (async () => {
    const [{ ZxcvbnFactory }, common, spanish] = await Promise.all([
      import("@zxcvbn-ts/core"),
      import("@zxcvbn-ts/language-common"),
      import("@zxcvbn-ts/language-es-es"),
    ]);
    const { "wikipedia-es-es": _wikipedia, ...spanishWords } = spanish.dictionary;
    return new ZxcvbnFactory({
      dictionary: { "passwords-common": common.dictionary["passwords-common"], ...spanishWords },
      graphs: common.adjacencyGraphs,
      translations: spanish.translations,
    });
  })();
  loading.catch(() => (loading = undefined));
  return loading;
}

/** Words a guesser of this person's password would try first: the shop's name, the e-mail's parts. */
function personalWords(email: string | undefined): string[] {
  const shop = config().SHOP_NAME.toLowerCase().split(/\s+/);
  const address = (email ?? "").toLowerCase();
  const local = address.split("@")[0] ?? "";
  // "lucia.moreno@…": "lucia", "moreno", and "luciamoreno" as people join them in a password.
  const mail = [...address.split(/[@.+_-]+/), local, local.replace(/[.+_-]+/g, "")];
  return [...new Set(["termoclima", ...shop, ...mail])].filter((word) => word.length >= 3);
}

/**
 * Why a new password is refused (Spanish, for the form), or null when it may be used.
 * Length first (the cheap rule the browser shows too), then the dictionaries.
 */
export async function passwordProblem(password: string, email?: string): Promise<string | null> {
  const length = passwordLengthProblem(password);
  if (length) return length;
  const result = (await estimator()).check(password, personalWords(email));
  return result.score < MIN_SCORE ? PASSWORD_MESSAGES.common : null;
}
