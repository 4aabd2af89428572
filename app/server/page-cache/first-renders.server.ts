/**
 * The renders under way of pages not kept yet, one per URL. A crowd that reaches a page the
 * cache does not hold (after a start, or a price change that dropped it) waits for the first
 * render instead of rendering, and compressing, the same page once per visitor: 64 renders and
 * 64 Brotli encoders at once took the embedded server to 3 GB (issue 14, measured by npm run
 * bench). URLs whose page turned out to be personal are remembered, so their visitors never
 * wait for each other.
 */
export class FirstRenders {
  private readonly running = new Map<string, Promise<void>>();
  private readonly personal = new Set<string>();

  constructor(private readonly maxRemembered = 10_000) {}

  /** Waits, at most `ms`, for a render of `url` under way; false when there is none. */
  async waitFor(url: string, ms: number): Promise<boolean> {
    const render = this.running.get(url);
    if (!render) return false;
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([render, new Promise<void>((resolve) => (timer = setTimeout(resolve, ms)))]);
    clearTimeout(timer);
    return true;
  }

  /**
   * Marks `url` as rendering. Returns the call that ends it (`personal`: the page is one a
   * cache must not share), or undefined when another render of it is under way or the page is
   * known to be personal.
   */
  begin(url: string): ((outcome: "kept" | "not-kept" | "personal") => void) | undefined {
    if (this.running.has(url) || this.personal.has(url)) return undefined;
    let finish!: () => void;
    this.running.set(url, new Promise<void>((resolve) => (finish = resolve)));
    let ended = false;
    return (outcome) => {
      if (ended) return;
      ended = true;
      this.running.delete(url);
      if (outcome === "personal") {
        if (this.personal.size >= this.maxRemembered) this.personal.clear();
        this.personal.add(url);
      }
      finish();
    };
  }

  /** Forgets which URLs were personal (what a page shows may have changed). */
  forgetPersonal(): void {
    this.personal.clear();
  }
}
