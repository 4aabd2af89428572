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

/**
 * A back-office list's query string: the filters that have a value, in the order given, then
 * "pagina" when it is not the first page; "" when nothing is left. Every list's links (pager,
 * CSV, a filter's own address) are written with it.
 */
export function listQuery(filters: Record<string, string | null | undefined>, page = 1): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(filters)) if (value) params.set(name, value);
  if (page > 1) params.set("pagina", String(page));
  const query = params.toString();
  return query ? `?${query}` : "";
}
