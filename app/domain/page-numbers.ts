/*
 * The page numbers a catalogue's pagination shows between ANTERIOR and SIGUIENTE (spec
 * section 2). Every one while there are few (the demo catalogue has at most 3 pages); with
 * many, as a distributor's catalogue of thousands of products has, the first, the last and
 * two on each side of the current page, a gap standing for the others: the page stays the
 * same size whatever the number of products (issue 14; docs/deviations.md).
 */

export type PageNumber = number | "gap";

/** Up to this many pages, every number shows. */
const ALL_UP_TO = 7;
const NEIGHBOURS = 2;

export function pageNumbers(page: number, pageCount: number): PageNumber[] {
  if (pageCount <= ALL_UP_TO) return Array.from({ length: pageCount }, (_, i) => i + 1);
  const near = Array.from({ length: 2 * NEIGHBOURS + 1 }, (_, i) => page - NEIGHBOURS + i);
  const shown = [...new Set([1, ...near, pageCount])].filter((n) => n >= 1 && n <= pageCount).sort((a, b) => a - b);
  const numbers: PageNumber[] = [];
  for (const [i, n] of shown.entries()) {
    const before = shown[i - 1];
    // A gap of one page would take as much room as its number: show the number.
    if (before !== undefined && n - before === 2) numbers.push(before + 1);
    else if (before !== undefined && n - before > 2) numbers.push("gap");
    numbers.push(n);
  }
  return numbers;
}
