import { expect, test } from "@playwright/test";
import { expectAccessible, faintControls, hydrated } from "./helpers";

/* The accessibility check itself (helpers.ts, expectAccessible): a page it passes fails once a nameless button and an image without alt text are put in. */
test("the axe check catches a nameless button and an image without alt text", async ({ page }) => {
  await page.goto("/contacto");
  // Hydrated first: React's first render would take out what the test puts in (the old flake).
  await hydrated(page);
  await expectAccessible(page);
  await page.evaluate(() => {
    document.querySelector("main")!.append(document.createElement("button"), Object.assign(document.createElement("img"), { src: "/x.png" }));
  });
  await expect(expectAccessible(page)).rejects.toThrow(/button-name \(critical\)[\s\S]*image-alt \(critical\)|image-alt \(critical\)[\s\S]*button-name \(critical\)/);
});

/* The contrast check beside axe: a white-on-white button (the invisible "Retirar rol de técnico", issue 30) fails it. */
test("the contrast check catches a white button on a white background", async ({ page }) => {
  await page.goto("/contacto");
  await hydrated(page);
  expect(await faintControls(page)).toEqual([]);
  await page.evaluate(() => {
    const button = Object.assign(document.createElement("button"), { textContent: "Retirar" });
    button.style.cssText = "color: #fff; background: transparent; border: 1px solid #fff";
    document.querySelector("main")!.append(button);
  });
  expect(await faintControls(page)).toEqual([expect.stringMatching(/^«Retirar» \(1\.00:1\)$/)]);
});
