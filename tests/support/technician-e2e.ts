import { expect, type Page } from "@playwright/test";
import type { ParsedMail } from "mailparser";
import { rejectCookies } from "../e2e/helpers";
import { submitCode } from "./admin-e2e";

/*
 * A technician's account as the owner makes it and the technician first uses it (issues 17
 * and 28): the owner's invitation at /admin/tecnicos, then the invitation's link to choose the
 * password, which signs them in and leads to the enrolment of the authenticator app.
 */

export type TechnicianWho = { name: string; email: string; password: string };
type MailTo = (to: string, subject: RegExp) => Promise<ParsedMail>;

/** The owner's form: an invitation to a new technician, with a name and an e-mail. */
export async function createTechnician(owner: Page, who: Pick<TechnicianWho, "name" | "email">) {
  await owner.goto("/admin/tecnicos");
  await owner.getByLabel("Nombre").fill(who.name);
  await owner.getByLabel("Email").fill(who.email);
  await owner.getByRole("button", { name: "Enviar la invitación", exact: true }).click();
  await expect(owner.getByRole("status").filter({ hasText: `Hemos enviado una invitación a ${who.email}` })).toBeVisible();
}

/**
 * The technician opens the invitation's link, chooses a password (which signs them in) and
 * enrols the second factor; `onEnrolPage` looks at the enrolment page before it is used. The
 * page decides on cookies first, on an ordinary page.
 */
export async function technicianFirstSignIn(page: Page, mailTo: MailTo, who: TechnicianWho, onEnrolPage?: (page: Page) => Promise<void>, clockOffsetMs = 0): Promise<string> {
  const invitation = await mailTo(who.email, /invitación para ser técnico/);
  const link = /https?:\/\/\S+\/invitacion\/[A-Za-z0-9_-]+/.exec(invitation.text ?? "")?.[0];
  expect(link, "el enlace de la invitación").toBeTruthy();
  await page.goto("/login");
  await rejectCookies(page);
  await page.goto(link!);
  await expect(page.getByRole("heading", { name: "Invitación al área de técnicos" })).toBeVisible();
  await page.getByLabel("Contraseña", { exact: true }).fill(who.password);
  await page.getByLabel("Repita la contraseña", { exact: true }).fill(who.password);
  await page.getByRole("button", { name: "Crear mi cuenta" }).click();
  // The first new password of a server loads the breached-password dictionaries and hashes: slow on a busy machine.
  await expect(page).toHaveURL(/\/tecnico\/segundo-factor$/, { timeout: 20_000 });
  if (onEnrolPage) await onEnrolPage(page);
  await page.getByLabel("Confirme su contraseña").fill(who.password);
  await page.getByRole("button", { name: "Empezar" }).click();
  const key = (await page.getByTestId("totp-key").textContent())?.trim() ?? "";
  expect(key).toMatch(/^[A-Z2-7 ]{16,}$/);
  await submitCode(page, "Escriba el código de 6 números que muestra la aplicación", "Activar y entrar", key, /\/tecnico$/, clockOffsetMs);
  await expect(page.getByRole("heading", { name: "Mis trabajos y visitas" })).toBeVisible();
  return key;
}

/** A technician who only needs to exist: opens the invitation in a browser context of its own and chooses a password. */
export async function acceptInvitationElsewhere(owner: Page, mailTo: MailTo, who: TechnicianWho): Promise<void> {
  const invitation = await mailTo(who.email, /invitación para ser técnico/);
  const link = /https?:\/\/\S+\/invitacion\/[A-Za-z0-9_-]+/.exec(invitation.text ?? "")?.[0];
  expect(link, "el enlace de la invitación").toBeTruthy();
  const context = await owner.context().browser()!.newContext({ locale: "es-ES" });
  try {
    const page = await context.newPage();
    await page.goto(link!);
    await page.getByLabel("Contraseña", { exact: true }).fill(who.password);
    await page.getByLabel("Repita la contraseña", { exact: true }).fill(who.password);
    await page.getByRole("button", { name: "Crear mi cuenta" }).click();
    await expect(page).toHaveURL(/\/tecnico\/segundo-factor$/, { timeout: 20_000 });
  } finally {
    await context.close();
  }
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
