import { describe, expect, it } from "vitest";
import { deliveryView, ownerReason, scrubSecrets, settingsHint, worstDeliveryState, type DeliveryRow } from "./delivery-view";

const at = new Date("2026-03-05T10:00:00Z");
const row = (over: Partial<DeliveryRow>): DeliveryRow => ({
  id: 7,
  kind: "trello_card",
  status: "pending",
  attempts: 0,
  nextAttemptAt: at,
  lastError: null,
  sentAt: null,
  updatedAt: at,
  ...over,
});

describe("deliveryView", () => {
  it("names the kinds as the owner does", () => {
    expect(deliveryView(row({ status: "done" })).kindLabel).toBe("Tarjeta del tablero");
    expect(deliveryView(row({ kind: "email", status: "done" })).kindLabel).toBe("E-mail");
  });

  it("sent: when the service took it; no retry", () => {
    const sentAt = new Date("2026-03-05T10:00:02Z");
    expect(deliveryView(row({ status: "done", sentAt, attempts: 1 }))).toMatchObject({ state: "enviado", at: sentAt, canRetry: false });
  });

  it("retrying: attempts, the next attempt's time and why the last one failed", () => {
    const next = new Date("2026-03-05T10:05:00Z");
    const view = deliveryView(row({ attempts: 3, nextAttemptAt: next, lastError: "Trello crear tarjeta: HTTP 503 Service Unavailable" }));
    expect(view).toMatchObject({ state: "reintentando", at: next, attempts: 3, canRetry: false });
    expect(view.reason).toBe("El tablero de tareas tuvo un fallo interno (HTTP 503).");
  });

  it("queued: not tried yet (or just put back by the owner)", () => {
    expect(deliveryView(row({})).state).toBe("en cola");
  });

  it("failed: a reason the owner can act on, the scrubbed detail, and a retry", () => {
    const view = deliveryView(row({ status: "failed", attempts: 2, lastError: "Trello crear tarjeta: HTTP 401 invalid token" }));
    expect(view).toMatchObject({ state: "fallido", canRetry: true, technical: "Revise TRELLO_KEY y TRELLO_TOKEN. Trello crear tarjeta: HTTP 401 invalid token" });
    expect(view.reason).toBe("El tablero de tareas ya no acepta la clave de acceso de la tienda: quien mantiene la tienda debe renovarla.");
  });

  it("skipped: the owner reads what it means, the settings missing are only in the technical detail", () => {
    const view = deliveryView(row({ status: "skipped" }));
    expect(view.reason).toBe("La tienda no está conectada a un tablero de tareas: la solicitud llegó solo por e-mail.");
    expect(view.technical).toBe("Sin TRELLO_KEY, TRELLO_TOKEN y TRELLO_LIST_ID.");
  });

  it("no reason the owner reads names a setting (issue 30)", () => {
    const errors = ["Trello crear tarjeta: HTTP 401 invalid token", "Trello crear tarjeta: HTTP 404 not found", "SMTP: Invalid login: 535 5.7.8 Authentication failed", "Trello crear tarjeta: HTTP 503"];
    for (const lastError of errors) {
      for (const kind of ["trello_card", "email"]) {
        for (const status of ["failed", "pending", "skipped"] as const) {
          expect(deliveryView(row({ kind, status, attempts: 1, lastError })).reason ?? "").not.toMatch(/[A-Z]{3,}_[A-Z_]+/);
        }
      }
    }
  });
});

describe("ownerReason", () => {
  it("keeps the outbox's own message about an SMTP send cut off mid-way", () => {
    const text = "Un intento anterior se cortó mientras se enviaba este correo por SMTP y puede que llegara; ...";
    expect(ownerReason("email", text)).toBe(text);
  });

  it("reads timeouts, refused connections and SMTP logins", () => {
    expect(ownerReason("trello_card", "Trello crear tarjeta: sin respuesta en 10 s")).toBe("El tablero de tareas no respondió a tiempo.");
    expect(ownerReason("trello_card", "Trello crear tarjeta: ECONNREFUSED")).toBe("No se pudo conectar con el tablero de tareas.");
    expect(ownerReason("email", "SMTP: Invalid login: 535 5.7.8 Authentication failed")).toBe(
      "El servidor de correo no acepta el usuario o la contraseña de la tienda: quien mantiene la tienda debe corregirlos.",
    );
    expect(settingsHint("email", "failed", "SMTP: Invalid login: 535 5.7.8 Authentication failed")).toBe("Revise el usuario y la contraseña de SMTP_URL.");
    expect(ownerReason("trello_card", "Trello crear tarjeta: HTTP 404 not found")).toBe("El tablero de tareas no encuentra la lista donde se crean las tarjetas: quizá se borró o se movió.");
    expect(settingsHint("trello_card", "failed", "Trello crear tarjeta: HTTP 404 not found")).toBe("Revise TRELLO_LIST_ID.");
  });
});

describe("scrubSecrets", () => {
  it("hides credentials in URLs and query strings", () => {
    expect(scrubSecrets("smtp://user:s3cret@mail.example:587 refused")).toBe("smtp://***@mail.example:587 refused");
    expect(scrubSecrets("GET /1/cards?idList=x&key=abc&token=def failed")).toBe("GET /1/cards?idList=x&key=***&token=*** failed");
  });
});

describe("worstDeliveryState", () => {
  it("a failure outranks everything; nothing recorded is null", () => {
    expect(worstDeliveryState(["enviado", "fallido"])).toBe("fallido");
    expect(worstDeliveryState(["enviado", "reintentando"])).toBe("reintentando");
    expect(worstDeliveryState(["enviado", "omitido"])).toBe("omitido");
    expect(worstDeliveryState([])).toBeNull();
  });
});
