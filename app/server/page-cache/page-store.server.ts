/**
 * The pages kept in this process: at most `maxBytes` of them (body and its compressed forms),
 * the least recently served dropped first; found by key, dropped by tag.
 */
export type StoredPage = {
  /** The URL (path and query) the page answers. */
  url: string;
  key: string;
  contentType: string;
  /** Content-Security-Policy allowing exactly this page's inline scripts and styles by hash. */
  policy: string;
  /** The render's other security headers (helmet's, Permissions-Policy), sent again as they were. */
  headers: [string, string][];
  etag: string;
  tags: readonly string[];
  body: Buffer;
  gzip: Buffer;
  br: Buffer;
};

const OVERHEAD_BYTES = 1024;

function sizeOf(page: StoredPage): number {
  return page.body.length + page.gzip.length + page.br.length + OVERHEAD_BYTES;
}

export class PageStore {
  private readonly pages = new Map<string, StoredPage>();
  private readonly byTag = new Map<string, Set<string>>();
  /** How many variants each URL has, so a URL with none costs no lookup work. */
  private readonly variantsOfUrl = new Map<string, number>();
  private bytes = 0;

  constructor(private readonly maxBytes: number) {}

  get size(): { pages: number; bytes: number } {
    return { pages: this.pages.size, bytes: this.bytes };
  }

  has(key: string): boolean {
    return this.pages.has(key);
  }

  hasUrl(url: string): boolean {
    return this.variantsOfUrl.has(url);
  }

  get(key: string): StoredPage | undefined {
    const page = this.pages.get(key);
    if (!page) return undefined;
    // Most recently used last: Map keeps insertion order.
    this.pages.delete(key);
    this.pages.set(key, page);
    return page;
  }

  put(page: StoredPage): void {
    const size = sizeOf(page);
    if (size > this.maxBytes / 4) return;
    this.remove(page.key);
    this.pages.set(page.key, page);
    this.bytes += size;
    this.variantsOfUrl.set(page.url, (this.variantsOfUrl.get(page.url) ?? 0) + 1);
    for (const tag of page.tags) {
      let keys = this.byTag.get(tag);
      if (!keys) this.byTag.set(tag, (keys = new Set()));
      keys.add(page.key);
    }
    for (const oldest of this.pages.keys()) {
      if (this.bytes <= this.maxBytes) break;
      this.remove(oldest);
    }
  }

  dropTags(tags: Iterable<string>): number {
    let dropped = 0;
    for (const tag of tags) {
      for (const key of this.byTag.get(tag) ?? []) dropped += this.remove(key) ? 1 : 0;
    }
    return dropped;
  }

  clear(): void {
    this.pages.clear();
    this.byTag.clear();
    this.variantsOfUrl.clear();
    this.bytes = 0;
  }

  private remove(key: string): boolean {
    const page = this.pages.get(key);
    if (!page) return false;
    this.pages.delete(key);
    this.bytes -= sizeOf(page);
    const left = (this.variantsOfUrl.get(page.url) ?? 1) - 1;
    if (left > 0) this.variantsOfUrl.set(page.url, left);
    else this.variantsOfUrl.delete(page.url);
    for (const tag of page.tags) {
      const keys = this.byTag.get(tag);
      keys?.delete(key);
      if (keys?.size === 0) this.byTag.delete(tag);
    }
    return true;
  }
}
