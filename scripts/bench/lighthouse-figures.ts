/**
 * The figures `npm run bench` keeps from Lighthouse (issue 14) and how several runs become
 * one line: the median of each figure on its own, as Lighthouse's own guidance on variability
 * advises, so one run slowed by a neighbour on the shared machine does not decide the line.
 */
export const LIGHTHOUSE_BUDGETS = { performance: 0.98, others: 1, lcpMs: 2000, cls: 0 };

export type LighthouseFigures = {
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  /** Lighthouse's own measure of the machine's speed during the run (lower: busier machine). */
  cpuIndex: number;
};

export type LighthousePage = LighthouseFigures & { page: string; path: string; runs: number; failing: string[] };

export function median(values: number[]): number {
  if (values.length === 0) throw new Error("median of nothing");
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

export function medianFigures(runs: LighthouseFigures[]): LighthouseFigures {
  const of = (key: keyof LighthouseFigures) => median(runs.map((run) => run[key]));
  return {
    performance: of("performance"),
    accessibility: of("accessibility"),
    bestPractices: of("bestPractices"),
    seo: of("seo"),
    lcpMs: Math.round(of("lcpMs")),
    tbtMs: Math.round(of("tbtMs")),
    cls: Number(of("cls").toFixed(3)),
    cpuIndex: Math.round(of("cpuIndex")),
  };
}

export function meetsBudgets(figures: LighthouseFigures): boolean {
  const { performance, others, lcpMs, cls } = LIGHTHOUSE_BUDGETS;
  return (
    figures.performance >= performance &&
    figures.accessibility >= others &&
    figures.bestPractices >= others &&
    figures.seo >= others &&
    figures.lcpMs < lcpMs &&
    figures.cls <= cls
  );
}

const pad = (value: string | number, width: number) => String(value).padStart(width);

/** The table `npm run bench` prints: one line per page, then the budgets and the audits not passed. */
export function lighthouseTable(pages: LighthousePage[]): string[] {
  const runs = pages[0]?.runs ?? 0;
  const lines = [
    `${`Lighthouse móvil (mediana de ${runs})`.padEnd(30)} ${pad("rend.", 6)} ${pad("acces.", 6)} ${pad("b. pr.", 6)} ${pad("SEO", 5)} ${pad("LCP ms", 7)} ${pad("TBT ms", 7)} ${pad("CLS", 6)} ${pad("cumple", 6)} ${pad("índ. CPU", 8)}`,
  ];
  for (const page of pages) {
    lines.push(
      `${page.page.padEnd(30)} ${pad(page.performance.toFixed(2), 6)} ${pad(page.accessibility.toFixed(2), 6)} ${pad(page.bestPractices.toFixed(2), 6)} ${pad(page.seo.toFixed(2), 5)} ${pad(page.lcpMs, 7)} ${pad(page.tbtMs, 7)} ${pad(page.cls, 6)} ${pad(meetsBudgets(page) ? "sí" : "NO", 6)} ${pad(page.cpuIndex, 8)}`,
    );
  }
  const budgets = LIGHTHOUSE_BUDGETS;
  lines.push(
    `(presupuesto: rendimiento ≥ ${budgets.performance}, las otras tres ${budgets.others}, LCP < ${budgets.lcpMs} ms, CLS ${budgets.cls}; ` +
      "índice de CPU de Lighthouse muy por debajo de 1000: máquina ocupada, repítase)",
  );
  for (const page of pages) if (page.failing.length > 0) lines.push(`  ${page.page}, auditorías no superadas en alguna vuelta: ${page.failing.join(", ")}`);
  return lines;
}
