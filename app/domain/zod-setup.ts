import { config } from "zod/v4/core";

/*
 * Zod 4 compiles object schemas with `new Function` when it can, and probes for it with a
 * first `new Function("")`: under our Content-Security-Policy (no 'unsafe-eval') that probe
 * is a policy violation in every page that validates a form. Its interpreter gives the same
 * answers; imported once, first, by app/root.tsx (browser and server alike).
 */
config({ jitless: true });
