import { describe, expect, it } from "vitest";
import { menuCounts, type OwnerToDo } from "./owner-to-do";

const nothing: OwnerToDo = {
  newRequests: 0,
  visitsAhead: 0,
  quoteDrafts: 0,
  changesAsked: 0,
  quotesExpiring: 0,
  jobsToSchedule: 0,
  jobsToCharge: 0,
  depositsWaiting: 0,
  fgasOverdue: 0,
  failed: { count: 0, latest: [] },
};

describe("the menu's counts (issue 30)", () => {
  it("a section's count adds up what waits there; a section with nothing waiting has none", () => {
    expect(menuCounts(nothing)).toEqual({});
    const counts = menuCounts({ ...nothing, newRequests: 2, quoteDrafts: 1, quotesExpiring: 2, jobsToSchedule: 1, depositsWaiting: 1, jobsToCharge: 1 });
    expect(counts).toEqual({
      "/admin/solicitudes": { n: 2, words: "sin contestar" },
      "/admin/presupuestos": { n: 3, words: "por enviar, con cambios pedidos o por caducar" },
      "/admin/trabajos": { n: 3, words: "por programar o por cobrar" },
    });
  });
});
