/*
 * Load on two servers in alternating one-second slices (A, B, A, B...), `connections`
 * requests at a time, keeping every latency: on a shared, noisy machine both servers then
 * meet the same moments, so the ratio of their figures means something even when the
 * absolute ones drift. Used by the catalogue scaling section (catalogue-scale.ts).
 */

export type Target = { url: string; headers?: Record<string, string> };
export type LoadFigures = { p50: number; p99: number; rps: number; requests: number; non2xx: number };

const SLICE_MS = 1000;

async function slice(target: Target, connections: number, until: number, latencies: number[]): Promise<number> {
  let non2xx = 0;
  const worker = async () => {
    while (performance.now() < until) {
      const started = performance.now();
      try {
        const response = await fetch(target.url, { headers: target.headers, redirect: "manual" });
        await response.arrayBuffer();
        if (response.status < 200 || response.status >= 300) non2xx += 1;
      } catch {
        non2xx += 1;
      }
      latencies.push(performance.now() - started);
    }
  };
  await Promise.all(Array.from({ length: connections }, worker));
  return non2xx;
}

/** Nearest-rank percentile, to a tenth of a millisecond. */
export function percentile(samples: readonly number[], p: number): number {
  if (samples.length === 0) return Number.NaN;
  const sorted = [...samples].sort((a, b) => a - b);
  return Math.round(sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)]! * 10) / 10;
}

/** `seconds` seconds on each target (at least one slice each), alternating. */
export async function interleavedLoad(targets: readonly Target[], connections: number, seconds: number): Promise<LoadFigures[]> {
  const slices = Math.max(1, Math.round(seconds * (1000 / SLICE_MS)));
  const latencies = targets.map((): number[] => []);
  const non2xx = targets.map(() => 0);
  for (let n = 0; n < slices; n += 1) {
    for (const [i, target] of targets.entries()) {
      non2xx[i]! += await slice(target, connections, performance.now() + SLICE_MS, latencies[i]!);
    }
  }
  return targets.map((_, i) => ({
    p50: percentile(latencies[i]!, 50),
    p99: percentile(latencies[i]!, 99),
    rps: Math.round(latencies[i]!.length / ((slices * SLICE_MS) / 1000)),
    requests: latencies[i]!.length,
    non2xx: non2xx[i]!,
  }));
}
