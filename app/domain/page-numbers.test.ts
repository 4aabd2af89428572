import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { listQuery, pageNumbers } from "./page-numbers";

describe("page numbers of the pagination", () => {
  it("shows every page up to seven", () => {
    expect(pageNumbers(1, 1)).toEqual([1]);
    expect(pageNumbers(2, 3)).toEqual([1, 2, 3]);
    expect(pageNumbers(1, 7)).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });

  it("beyond, the first, the last and two each side of the current page, with gaps", () => {
    expect(pageNumbers(1, 991)).toEqual([1, 2, 3, "gap", 991]);
    expect(pageNumbers(3, 99)).toEqual([1, 2, 3, 4, 5, "gap", 99]);
    expect(pageNumbers(40, 991)).toEqual([1, "gap", 38, 39, 40, 41, 42, "gap", 991]);
    expect(pageNumbers(991, 991)).toEqual([1, "gap", 989, 990, 991]);
  });

  it("shows a single hidden page instead of a gap", () => {
    expect(pageNumbers(4, 8)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(pageNumbers(5, 9)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(pageNumbers(3, 9)).toEqual([1, 2, 3, 4, 5, "gap", 9]);
  });

  it("always holds the first, last and current pages, in order, in at most nine places", () => {
    const pageOf = fc.integer({ min: 1, max: 5000 }).chain((count) => fc.tuple(fc.integer({ min: 1, max: count }), fc.constant(count)));
    fc.assert(
      fc.property(pageOf, ([page, count]) => {
        const numbers = pageNumbers(page, count);
        const pages = numbers.filter((n): n is number => n !== "gap");
        expect(pages).toEqual(expect.arrayContaining([1, page, count]));
        expect(pages).toEqual([...new Set(pages)].sort((a, b) => a - b));
        expect(numbers.length).toBeLessThanOrEqual(9);
        // A gap always stands for two pages or more.
        numbers.forEach((n, i) => {
          if (n === "gap") expect((numbers[i + 1] as number) - (numbers[i - 1] as number)).toBeGreaterThan(2);
        });
      }),
    );
  });
});

describe("listQuery", () => {
  it("keeps the filters with a value in their order, the page after the first, and nothing else", () => {
    expect(listQuery({ estado: "Pendiente de Pago", pago: "", q: "ana" }, 2)).toBe("?estado=Pendiente+de+Pago&q=ana&pagina=2");
    expect(listQuery({ estado: null, q: undefined }, 1)).toBe("");
  });
});
