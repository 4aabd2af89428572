import { expect, test } from "@playwright/test";
import { expectAccessible } from "./helpers";

/* The accessibility check itself (helpers.ts, expectAccessible): a page it passes fails once a nameless button and an image without alt text are put in. */
test("the axe check catches a nameless button and an image without alt text", async ({ page }) => {
  await page.goto("/contacto");
  await expectAccessible(page);
  await page.evaluate(() => {
    document.querySelector("main")!.append(document.createElement("button"), Object.assign(document.createElement("img"), { src: "/x.png" }));
  });
  await expect(expectAccessible(page)).rejects.toThrow(/button-name \(critical\)[\s\S]*image-alt \(critical\)|image-alt \(critical\)[\s\S]*button-name \(critical\)/);
});
