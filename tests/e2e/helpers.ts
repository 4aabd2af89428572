import { expect, test, type Locator, type Page } from "@playwright/test";
import type { AxeResults, RunOptions } from "axe-core";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { ParsedMail } from "mailparser";

/** axe-core itself, put into each frame it scans (through the DevTools protocol, which the pages' CSP does not limit). */
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");
/** Every rule axe runs by default; only the violations come back, without the parts we never read. */
const AXE_OPTIONS: RunOptions = { resultTypes: ["violations"], elementRef: false, ancestry: false, xpath: false };

/**
 * axe-core scan of every frame of the page: no serious or critical violation is allowed.
 * axe runs inside the page with `axe.run`, as its own documentation shows. @axe-core/playwright's
 * analyze() ran the same rules frame by frame and then put the results together in a new page:
 * the same findings in 4 to 7 times the time (2.8-4.7 s against 0.6 s on a catalogue page,
 * measured 28-11-2026), and the e2e suite ran a few hundred scans.
 */
export async function expectAccessible(page: Page) {
  const blocking: string[] = [];
  for (const frame of page.frames()) {
    if (!(await frame.evaluate(() => "axe" in window))) await frame.evaluate(AXE_SOURCE);
    // Parts laid out only when scrolled near (content-visibility: auto: the footer of a long page
    // never scrolled to) have no rendered colours for axe to read: it reported their text's
    // contrast as failing (the old "flaky" contrast failures). They are rendered for the check
    // and put back after, through the CSSOM (the page's CSP refuses an added <style>).
    const results = await frame.evaluate(async (options) => {
      // A transition under way (a product card's features fading in under a mouse left over
      // it) would be judged half-drawn: axe looks once they have finished. Endless ones (a
      // spinner) are left running.
      const settling = document.getAnimations().filter((animation) => animation.effect?.getComputedTiming().iterations !== Infinity);
      const finished = Promise.all(settling.map((animation) => animation.finished.catch(() => undefined)));
      await Promise.race([finished, new Promise((resolve) => setTimeout(resolve, 2_000))]);
      const skipped = [...document.querySelectorAll<HTMLElement>("body *")].filter((element) => getComputedStyle(element).contentVisibility === "auto");
      for (const element of skipped) element.style.setProperty("content-visibility", "visible", "important");
      try {
        return await (window as unknown as { axe: { run: (context: Document, options: RunOptions) => Promise<AxeResults> } }).axe.run(document, options);
      } finally {
        for (const element of skipped) element.style.removeProperty("content-visibility");
      }
    }, AXE_OPTIONS);
    for (const v of results.violations) {
      if (v.impact === "serious" || v.impact === "critical") blocking.push(`${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
    }
  }
  expect(blocking, "infracciones de accesibilidad graves o críticas").toEqual([]);
  expect(await faintControls(page), "botones cuyo texto apenas se distingue de su fondo (contraste menor que 3:1)").toEqual([]);
}

/**
 * Visible buttons whose text stands out less than 3:1 from the background behind them. axe
 * leaves a button it cannot place (inside a scrolling table, say) as "incomplete", not a
 * violation: that is how a white-on-white "Retirar rol de técnico" went unseen (issue 30).
 * The background is the first opaque one up the tree; under a background image nothing is said.
 */
export function faintControls(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const rgba = (css: string) => (css.match(/[\d.]+/g) ?? []).map(Number);
    const luminance = ([r, g, b]: number[]) => {
      const lin = (c: number) => ((c /= 255) <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);
      return 0.2126 * lin(r!) + 0.7152 * lin(g!) + 0.0722 * lin(b!);
    };
    const backgroundOf = (element: Element | null): number[] | null => {
      for (let e = element; e; e = e.parentElement) {
        const style = getComputedStyle(e);
        if (style.backgroundImage !== "none") return null;
        const color = rgba(style.backgroundColor);
        if ((color[3] ?? 1) >= 0.9) return color;
      }
      return [255, 255, 255];
    };
    const faint: string[] = [];
    for (const control of document.querySelectorAll<HTMLElement>("button, a.button, input[type=submit]")) {
      const box = control.getBoundingClientRect();
      // WCAG asks nothing of a disabled control's contrast.
      if (box.width === 0 || box.height === 0 || getComputedStyle(control).visibility === "hidden" || control.matches(":disabled, [aria-disabled=true]")) continue;
      const background = backgroundOf(control);
      if (!background) continue;
      const [a, b] = [luminance(rgba(getComputedStyle(control).color)), luminance(background)];
      const ratio = (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
      if (ratio < 3) faint.push(`«${(control.textContent ?? control.getAttribute("value") ?? "").trim()}» (${ratio.toFixed(2)}:1)`);
    }
    return faint;
  });
}

/**
 * A screenshot for a person to look at (tests/.tmp/screens, the test's output folder, the
 * README's pictures). No test compares them, so E2E_SCREENSHOTS=0 (CI's clone, which nobody
 * looks at) skips them: a full-page one costs Chromium about 0.85 s of a core.
 */
export async function screenshot(
  target: Pick<Page, "screenshot"> | Pick<Locator, "screenshot">,
  options: { path: string; fullPage?: boolean; clip?: { x: number; y: number; width: number; height: number } },
): Promise<void> {
  if (process.env.E2E_SCREENSHOTS === "0") return;
  await target.screenshot(options);
}

/** Decides on cookies the way a visitor would, so the banner is out of the way. */
/**
 * Waits until React has hydrated the page (<html data-hydrated>, app/root.tsx): the scripts
 * start after the first paint, so a click right after a page has loaded may still meet the
 * page without JavaScript.
 */
export async function hydrated(page: Page) {
  // The whole document first (a page that has just loaded again may be half parsed); then, a
  // context without JavaScript runs no page script (React Router's inline one sets this):
  // nothing to wait for.
  await page.waitForLoadState("load");
  if (!(await page.evaluate(() => "__reactRouterContext" in window))) return;
  await expect(page.locator("html[data-hydrated]")).toHaveCount(1);
}

/**
 * Rejects the cookies; without JavaScript the form posts and the page loads again: it waits for
 * hydration. With it, the banner goes at the click while the post is still on its way: it also
 * waits for the answer's cookie, so that the next page loaded knows the decision.
 */
export async function rejectCookies(page: Page) {
  await page.getByRole("button", { name: "Rechazar" }).click();
  await expect(page.getByRole("region", { name: "Su privacidad" })).toHaveCount(0);
  await expect.poll(async () => (await page.context().cookies()).some((cookie) => cookie.name === "cookie_consent")).toBe(true);
  await hydrated(page);
}

/**
 * Opens a back-office list's filters where they wait behind their disclosure (on a phone, while
 * nothing is filtered: decision 0024), as a person would; elsewhere they are open already.
 */
export async function openListFilters(page: Page, disclosure = "Filtrar") {
  const summary = page.locator("details.admin-list-filters:not([open]) > summary").filter({ hasText: disclosure });
  if (await summary.isVisible()) await summary.click();
}

/** The first few elements of the page's main part that reach past the screen's right edge. */
export function widerThanScreen(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll("main *")]
      .filter((el) => el.getBoundingClientRect().right > document.documentElement.clientWidth + 1)
      .map((el) => `${el.tagName.toLowerCase()}.${[...el.classList].join(".")}`)
      .slice(0, 5),
  );
}

const PHONE = { width: 375, height: 740 };
const DESKTOP = { width: 1400, height: 900 };

/**
 * The phone project ("movil", playwright.config.ts) runs some specs again at 375 px; their
 * desktop run has already looked at each page at both widths. There a look is only the check
 * that nothing sticks out at 375 px: axe and the screenshots would repeat the desktop run's.
 */
export function desktopRunLooks(): boolean {
  return test.info().project.name === "movil";
}

/** No sideways scrolling at 375 px, naming what sticks out; the page's size is put back. */
export async function expectNoSidewaysScroll(page: Page, name: string) {
  const size = page.viewportSize();
  await page.setViewportSize(PHONE);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  const wide = overflow > 0 ? await widerThanScreen(page) : [];
  expect(overflow, `${name}: la página no se desplaza de lado a 375 px (se salen: ${wide.join(", ")})`).toBeLessThanOrEqual(0);
  if (size) await page.setViewportSize(size);
}

/** axe at both widths, no sideways scrolling on the phone, and screenshots to look at. */
export async function lookAtBothWidths(page: Page, name: string) {
  if (desktopRunLooks()) return expectNoSidewaysScroll(page, name);
  const size = page.viewportSize();
  await page.setViewportSize(DESKTOP);
  await expectAccessible(page);
  await screenshot(page, { path: `tests/.tmp/screens/${name}-1400.png`, fullPage: true });
  await page.setViewportSize(PHONE);
  await expectAccessible(page);
  await expectNoSidewaysScroll(page, name);
  await screenshot(page, { path: `tests/.tmp/screens/${name}-375.png`, fullPage: true });
  if (size) await page.setViewportSize(size);
}

/** The first e-mail captured for `to` whose subject matches, waited for up to 30 s. */
export async function waitForMail(messages: readonly ParsedMail[], to: string, subject: RegExp): Promise<ParsedMail> {
  let found: ParsedMail | undefined;
  try {
    await expect
      .poll(() => (found = messages.find((m) => JSON.stringify(m.to ?? "").includes(to) && subject.test(m.subject ?? ""))), { timeout: 30_000 })
      .toBeTruthy();
  } catch (error) {
    // Say what did arrive for that address: the subject that was expected is usually near.
    const arrived = messages.filter((m) => JSON.stringify(m.to ?? "").includes(to)).map((m) => `«${m.subject ?? ""}»`);
    throw new Error(`Ningún correo a ${to} con el asunto ${subject}; le llegaron: ${arrived.join(", ") || "ninguno"}`, { cause: error });
  }
  return found!;
}

/**
 * What the page shows under the floating WhatsApp and phone buttons (issue 30: on a phone they
 * covered the basket's totals and the IBAN). At each width and at each scroll position from the
 * top to the bottom, a grid of points over each visible button asks the browser what lies
 * beneath it (elementsFromPoint, which knows about clipping and stacking): a word, a picture or
 * a control is reported; a plain background box is not. Below 1,360 px the buttons are hidden
 * and the same links are in the header (floating-contact.tsx), so nothing can be under them.
 */
export async function contentUnderFloatingButtons(page: Page, widths = [375, 768, 1024, 1359, 1360, 1920]): Promise<string[]> {
  const size = page.viewportSize();
  const found: string[] = [];
  for (const width of widths) {
    await page.setViewportSize({ width, height: 800 });
    const under = await page.evaluate(async () => {
      const buttons = [...document.querySelectorAll<HTMLElement>(".floating-button")].filter((b) => b.checkVisibility());
      const own = document.querySelector(".floating-contact");
      const hits = new Set<string>();
      const name = (e: Element) => `${e.tagName.toLowerCase()}${e.id ? `#${e.id}` : ""}${[...e.classList].map((c) => `.${c}`).join("")}`;
      const textAt = (e: Element, x: number, y: number) =>
        [...e.childNodes].some((n) => {
          if (n.nodeType !== Node.TEXT_NODE || !n.textContent?.trim()) return false;
          const range = document.createRange();
          range.selectNodeContents(n);
          return [...range.getClientRects()].some((r) => r.width > 1 && x >= r.left && x <= r.right && y >= r.top && y <= r.bottom);
        });
      const height = document.documentElement.scrollHeight;
      for (let top = 0; ; top += Math.round(innerHeight * 0.6)) {
        window.scrollTo(0, Math.min(top, height));
        await new Promise((done) => requestAnimationFrame(() => done(null)));
        for (const button of buttons) {
          const box = button.getBoundingClientRect();
          for (let i = 1; i < 6; i++) {
            for (let j = 1; j < 6; j++) {
              const [x, y] = [box.left + (box.width * i) / 6, box.top + (box.height * j) / 6];
              const beneath = document.elementsFromPoint(x, y).find((e) => !own?.contains(e));
              if (!beneath || beneath === document.body || beneath === document.documentElement) continue;
              if (beneath.matches("img, svg, svg *, picture, video, canvas, iframe, input, select, textarea, button") || textAt(beneath, x, y)) {
                hits.add(`${name(beneath)} «${(beneath.textContent ?? "").trim().slice(0, 40)}»`);
              }
            }
          }
        }
        if (top + innerHeight >= height) break;
      }
      window.scrollTo(0, 0);
      return [...hits];
    });
    found.push(...under.map((hit) => `${width} px: ${hit}`));
  }
  if (size) await page.setViewportSize(size);
  return found;
}
