/*
 * Zod's issues as a form shows them: { field: message }, the first message of each field
 * (issue 29: every action and form used to loop over the issues itself). Works with zod and
 * zod/mini errors alike; no I/O, so the browser's instant checks use it too.
 */

type Path = readonly PropertyKey[];
type IssueList = { readonly issues: readonly { readonly path: Path; readonly message: string }[] };

/** The field of an issue: the first step of its path, "form" for an issue of the whole form. */
export function firstStep(path: Path): string {
  return path.length > 0 ? String(path[0]) : "form";
}

/** The whole path, for nested fields: "combustion.co", "serials.0"; "form" when empty. */
export function dottedPath(path: Path): string {
  return path.map(String).join(".") || "form";
}

export type FieldErrorOptions = {
  /** How a path names its field (firstStep unless said). */
  key?: (path: Path) => string;
  /** Errors found before, which keep their message; the new ones are added to this object. */
  into?: Record<string, string>;
};

export function fieldErrors(error: IssueList, { key = firstStep, into = {} }: FieldErrorOptions = {}): Record<string, string> {
  for (const issue of error.issues) into[key(issue.path)] ??= issue.message;
  return into;
}

/** The first issue's message, for a form of one field or a query read whole; `fallback` when there is none. */
export function firstMessage(error: IssueList, fallback: string): string {
  return error.issues[0]?.message ?? fallback;
}
