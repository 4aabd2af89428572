import { config } from "zod/v4/core";

/*
 * Zod 4 compiles object schemas with `new Function` when it can, and probes for it with a
 * first `new Function("")`: under our Content-Security-Policy (no 'unsafe-eval') that probe
 * is a policy violation in every page that validates a form. Its interpreter gives the same
 * answers. Zod reads the setting when a schema is built, so this comes first: in the server by
 * app/entry.server.tsx, in the browser by each schema module that a page fetches for its
 * checks (contact-form-schema.ts, order-form-schema.ts, ...), not by app/root.tsx, which would
 * put zod's core in the first load of every page (issue 14).
 */
config({ jitless: true });
