import { z } from "zod";
import { MESSAGES } from "./auth-messages";
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from "./password-rules";
import { INTENTS } from "./login-form";

/*
 * The schemas of the /login and /login/restablecer forms, parsed by their actions only (the
 * pages run no check of their own in the browser), so that zod stays out of the pages'
 * JavaScript. The texts, modes and links of the forms are in login-form.ts.
 */

const text = z.preprocess((value) => (typeof value === "string" ? value : ""), z.string().max(500));

export const loginFormSchema = z.object({
  intent: z.enum(INTENTS),
  email: text,
  password: text,
  redirectTo: text,
});
export type LoginForm = z.infer<typeof loginFormSchema>;

/** The new-password form of /login/restablecer. */
export const resetFormSchema = z
  .object({
    token: z.string().min(1, MESSAGES.badToken),
    password: z.string().min(MIN_PASSWORD_LENGTH, MESSAGES.weakPassword).max(MAX_PASSWORD_LENGTH, MESSAGES.passwordTooLong),
    confirm: z.string(),
  })
  .refine((form) => form.password === form.confirm, { message: MESSAGES.passwordsDiffer, path: ["confirm"] });
