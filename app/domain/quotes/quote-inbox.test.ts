import { describe, expect, it } from "vitest";
import { quoteNotesForm, quoteStateForm } from "./quote-forms";
import { containsPattern, inboxHref, parseInboxQuery } from "./quote-inbox";

describe("the inbox's URL", () => {
  it("reads the search, the state and the page; unknown values fall back", () => {
    expect(parseInboxQuery(new URLSearchParams("q=caldera&estado=contactado&pagina=2"))).toEqual({ q: "caldera", state: "contactado", page: 2 });
    expect(parseInboxQuery(new URLSearchParams("estado=borrado&pagina=x"))).toEqual({ q: "", state: null, page: 1 });
  });

  it("writes links that keep the filters", () => {
    expect(inboxHref({ q: "Ana", state: "nuevo", page: 1 }, 3)).toBe("/admin/solicitudes?q=Ana&estado=nuevo&pagina=3");
    expect(inboxHref({ q: "", state: null, page: 4 }, 1)).toBe("/admin/solicitudes");
  });
});

describe("containsPattern", () => {
  it("takes the owner's % and _ literally", () => {
    expect(containsPattern("50%_off\\")).toBe("%50\\%\\_off\\\\%");
  });
});

describe("the forms", () => {
  it("accepts only the four states, in Spanish when refused", () => {
    expect(quoteStateForm.safeParse({ state: "presupuestado" }).success).toBe(true);
    const refused = quoteStateForm.safeParse({ state: "borrado" });
    expect(refused.success ? "" : refused.error.issues[0]!.message).toBe("Elija un estado de la lista.");
  });

  it("trims the notes and refuses a novel", () => {
    expect(quoteNotesForm.parse({ internalNotes: "  Llamar el lunes\r\n" }).internalNotes).toBe("Llamar el lunes");
    expect(quoteNotesForm.safeParse({ internalNotes: "x".repeat(5001) }).success).toBe(false);
  });
});
