import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";

/** axe-core scan: no serious or critical violation is allowed. */
export async function expectAccessible(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  const blocking = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  const summary = blocking.map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
  expect(summary, "infracciones de accesibilidad graves o críticas").toEqual([]);
}

/** Decides on cookies the way a visitor would, so the banner is out of the way. */
export async function rejectCookies(page: Page) {
  await page.getByRole("button", { name: "Rechazar" }).click();
  await expect(page.getByRole("region", { name: "Su privacidad" })).toHaveCount(0);
}
