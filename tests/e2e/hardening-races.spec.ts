import { MESSAGES } from "../../app/domain/accounts/auth-messages";
import { expect, test } from "../support/hardening";
import { Customer } from "../support/shop-client";

/*
 * The same request from several clients at the same moment. Registration promises the same
 * answer for a new and a known e-mail (docs/deviations.md); when six registrations of one
 * e-mail race, five inserts meet the unique index, and each of them must still get the
 * new-account answer, not an error that tells the e-mail was just taken.
 */

const CREATED = MESSAGES.created;

test("registering one e-mail from six clients at once: every answer is the new-account answer", async ({ shop }) => {
  for (let round = 0; round < 3; round++) {
    const email = `carrera-${Date.now()}-${round}@example.com`;
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => new Customer(shop).post("/login", { intent: "register", email, password: "claveSegura1", redirectTo: "" })),
    );
    expect(answers.map((answer) => answer.status)).toEqual(Array(6).fill(200));
    for (const answer of answers) expect(answer.body).toContain(CREATED);
    // One account, usable.
    const signedIn = await new Customer(shop).post("/login", { intent: "signin", email, password: "claveSegura1", redirectTo: "" });
    expect(signedIn.status).toBe(302);
  }
});
