// @vitest-environment jsdom
import { cleanup, render, screen } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { RETENTION, rateLimitRetentionMinutes, spanishPeriod } from "~/domain/site/retention";
import { publicShopInfo } from "~/server/config.server";
import PrivacyPolicy from "./privacy-policy";

afterEach(cleanup);

async function renderPolicy() {
  const Stub = createRoutesStub([
    { id: "root", path: "/", loader: () => ({ shop: publicShopInfo() }), children: [{ index: true, Component: PrivacyPolicy }] },
  ]);
  render(<Stub initialEntries={["/"]} />);
  await screen.findByRole("heading", { name: "Política de privacidad" });
  return document.body.textContent ?? "";
}

describe("/politica-privacidad", () => {
  it("states the periods the scheduled jobs enforce", async () => {
    const text = await renderPolicy();
    expect(text).toContain(`si no llega a contratar, hasta ${spanishPeriod(RETENTION.contactRequestDays)} desde el último contacto`);
    expect(text).toContain(`Las sesiones caducan a los ${RETENTION.sessionDays} días`);
    expect(text).toContain(`como mucho a los ${rateLimitRetentionMinutes()} minutos`);
    expect(text).toContain(`Si no lo confirma, ${spanishPeriod(RETENTION.pendingStockAlertDays)}.`);
  });
});
