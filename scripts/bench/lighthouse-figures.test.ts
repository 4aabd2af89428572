import { describe, expect, it } from "vitest";
import { lighthouseTable, median, medianFigures, meetsBudgets, type LighthouseFigures } from "./lighthouse-figures";

const run = (overrides: Partial<LighthouseFigures>): LighthouseFigures => ({
  performance: 0.99,
  accessibility: 1,
  bestPractices: 1,
  seo: 1,
  lcpMs: 1500,
  tbtMs: 40,
  cls: 0,
  cpuIndex: 1500,
  ...overrides,
});

describe("Lighthouse figures of the bench", () => {
  it("takes the middle value, or the mean of the two middle ones", () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(() => median([])).toThrow();
  });

  it("takes the median of each figure on its own, so one slow run does not decide the line", () => {
    const figures = medianFigures([run({ performance: 0.7, tbtMs: 900 }), run({ performance: 0.99, tbtMs: 30 }), run({ performance: 0.98, lcpMs: 4000 })]);
    expect(figures.performance).toBe(0.98);
    expect(figures.tbtMs).toBe(40);
    expect(figures.lcpMs).toBe(1500);
  });

  it("meets the budgets only with performance ≥ 0.98, the other three at 1, LCP under 2 s and no layout shift", () => {
    expect(meetsBudgets(run({}))).toBe(true);
    expect(meetsBudgets(run({ performance: 0.97 }))).toBe(false);
    expect(meetsBudgets(run({ seo: 0.92 }))).toBe(false);
    expect(meetsBudgets(run({ lcpMs: 2000 }))).toBe(false);
    expect(meetsBudgets(run({ cls: 0.001 }))).toBe(false);
  });

  it("prints one line per page with whether it meets the budgets", () => {
    const lines = lighthouseTable([
      { ...run({}), page: "inicio", path: "/", runs: 3, failing: [] },
      { ...run({ performance: 0.9 }), page: "contacto", path: "/contacto", runs: 3, failing: ["total-blocking-time"] },
    ]);
    expect(lines[1]).toMatch(/^inicio .* sí /);
    expect(lines[2]).toMatch(/^contacto .* NO /);
    expect(lines.at(-1)).toContain("total-blocking-time");
  });
});
