import { expect, type Page } from "@playwright/test";
import type { ParsedMail } from "mailparser";
import { rejectCookies } from "../e2e/helpers";
import { submitCode } from "./admin-e2e";

/*
 * A technician's account as the owner makes it and the technician first uses it (issue 17):
 * the owner's form at /admin/tecnicos, then the reset e-mail's link to choose the password,
 * the first sign-in and the enrolment of the authenticator app. Returns the app's key.
 */

export type TechnicianWho = { name: string; email: string; password: string };
type MailTo = (to: string, subject: RegExp) => Promise<ParsedMail>;

/** The owner's form: a new technician with a name and an e-mail. */
export async function createTechnician(owner: Page, who: Pick<TechnicianWho, "name" | "email">) {
  await owner.goto("/admin/tecnicos");
  await owner.getByLabel("Nombre").fill(who.name);
  await owner.getByLabel("Email").fill(who.email);
  await owner.getByRole("button", { name: "Dar de alta" }).click();
  await expect(owner.getByRole("status").filter({ hasText: `${who.email} es técnico` })).toBeVisible();
}

/**
 * The technician chooses a password from the e-mailed link, signs in and enrols the second
 * factor; `onEnrolPage` looks at the enrolment page before it is used. The page decides on
 * cookies first, on an ordinary page (the reset page is reached through a redirect).
 */
export async function technicianFirstSignIn(page: Page, mailTo: MailTo, who: TechnicianWho, onEnrolPage?: (page: Page) => Promise<void>): Promise<string> {
  const reset = await mailTo(who.email, /restablecer su contraseña/);
  const link = /https?:\/\/\S+reset-password\S+/.exec(reset.text ?? "")?.[0];
  expect(link, "el enlace para elegir la contraseña").toBeTruthy();
  await page.goto("/login");
  await rejectCookies(page);
  await page.goto(link!);
  await expect(page).toHaveURL(/\/login\/restablecer/);
  await page.getByLabel("Contraseña nueva", { exact: true }).fill(who.password);
  await page.getByLabel("Repita la contraseña nueva", { exact: true }).fill(who.password);
  await page.getByRole("button", { name: "Guardar la contraseña" }).click();
  await expect(page.getByText(/contraseña/i).first()).toBeVisible();

  await page.goto("/login?redirectTo=/tecnico");
  await page.getByLabel("Email", { exact: true }).fill(who.email);
  await page.getByLabel("Contraseña", { exact: true }).fill(who.password);
  await page.getByRole("button", { name: "Iniciar sesión", exact: true }).click();
  await expect(page).toHaveURL(/\/tecnico\/segundo-factor$/);
  if (onEnrolPage) await onEnrolPage(page);
  await page.getByLabel("Confirme su contraseña").fill(who.password);
  await page.getByRole("button", { name: "Empezar" }).click();
  const key = (await page.getByTestId("totp-key").textContent())?.trim() ?? "";
  expect(key).toMatch(/^[A-Z2-7 ]{16,}$/);
  await submitCode(page, "Escriba el código de 6 números que muestra la aplicación", "Activar y entrar", key, /\/tecnico$/);
  await expect(page.getByRole("heading", { name: "Mis trabajos y visitas" })).toBeVisible();
  return key;
}

export type JobSlot = { day: string; from: string; to: string; technician: string; notes?: string };

/** On the owner's page of a job: the day, the Madrid times and the technician, then "Programar" (the caller checks the answer). */
export async function scheduleJob(owner: Page, slot: JobSlot) {
  await owner.getByLabel("Día", { exact: true }).fill(slot.day);
  await owner.getByLabel("Desde (hora de Madrid)").fill(slot.from);
  await owner.getByLabel("Hasta", { exact: true }).fill(slot.to);
  await owner.getByLabel("Técnico", { exact: true }).selectOption({ label: slot.technician });
  if (slot.notes !== undefined) await owner.getByLabel("Notas para el técnico").fill(slot.notes);
  await owner.getByRole("button", { name: "Programar" }).click();
}
