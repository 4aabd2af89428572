/*
 * The customer's page of a job's money (issues 17 and 31): an installation's is its quote's
 * (/presupuestos/<token>), a repair's its breakdown's (/averias/<token>). There the customer
 * pays what is owed, downloads the invoices and the signed report; its reference (the quote's
 * number, the breakdown's "AV-000012") is the transfer's concept and what the e-mails name.
 */

export type JobPage = { kind: "presupuesto" | "averia"; reference: string; token: string };

export function jobPagePath(page: Pick<JobPage, "kind" | "token">): string {
  return page.kind === "presupuesto" ? `/presupuestos/${page.token}` : `/averias/${page.token}`;
}

/** How e-mails and pages name it: "del presupuesto P2026-000007" (`lead` and the reference), "de su avería AV-000012", "la página de su presupuesto". */
export function jobPageWords(page: Pick<JobPage, "kind" | "reference">): { lead: string; of: string; yours: string; page: string; noun: string } {
  return page.kind === "presupuesto"
    ? { lead: "del presupuesto", of: `del presupuesto ${page.reference}`, yours: `de su presupuesto ${page.reference}`, page: "la página de su presupuesto", noun: "el presupuesto" }
    : { lead: "de la avería", of: `de la avería ${page.reference}`, yours: `de su avería ${page.reference}`, page: "la página de su avería", noun: "la avería" };
}
