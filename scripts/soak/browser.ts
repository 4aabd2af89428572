import { PROXY_ERROR_HEADER, SOAK_USER_HEADER } from "./balancer";

/**
 * What one virtual user's browser does at the HTTP level: keeps its cookies, follows no
 * redirect by itself (the script reads them: they are the server's acknowledgements), sends
 * Origin on every POST as a browser does, and logs every exchange for the report.
 */
export type Exchange = {
  startedAt: number;
  /** When the answer (or the failure) came, seconds after the traffic started. */
  at: number;
  user: number;
  method: string;
  label: string;
  /** 0: no answer (connection cut or timed out). */
  status: number;
  proxyError: string | null;
  ms: number;
};

export type Reply = { status: number; location: string | null; body: string; proxyError: string | null };

const TIMEOUT_MS = 20_000;

export class Browser {
  private cookies = new Map<string, string>();

  constructor(
    readonly user: number,
    private readonly baseUrl: string,
    private readonly log: Exchange[],
    private readonly clock: () => number,
  ) {}

  get(path: string, label: string): Promise<Reply> {
    return this.send("GET", path, label);
  }

  post(path: string, fields: Record<string, string>, label: string): Promise<Reply> {
    return this.send("POST", path, label, new URLSearchParams(fields).toString());
  }

  hasCookie(prefix: string): boolean {
    return [...this.cookies.keys()].some((name) => name.startsWith(prefix) || name.includes(prefix));
  }

  cookieHeader(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
  }

  forgetCookies(match: (name: string) => boolean): void {
    for (const name of [...this.cookies.keys()]) if (match(name)) this.cookies.delete(name);
  }

  private async send(method: string, path: string, label: string, body?: string): Promise<Reply> {
    const started = this.clock();
    const headers: Record<string, string> = { [SOAK_USER_HEADER]: String(this.user), Accept: "text/html" };
    if (this.cookies.size > 0) headers.Cookie = this.cookieHeader();
    if (method === "POST") {
      headers.Origin = this.baseUrl;
      headers["Content-Type"] = "application/x-www-form-urlencoded";
    }
    let reply: Reply;
    try {
      const response = await fetch(this.baseUrl + path, {
        method,
        headers,
        body,
        redirect: "manual",
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
      this.keepCookies(response.headers.getSetCookie());
      reply = {
        status: response.status,
        location: response.headers.get("location"),
        body: await response.text(),
        proxyError: response.headers.get(PROXY_ERROR_HEADER),
      };
    } catch {
      reply = { status: 0, location: null, body: "", proxyError: null };
    }
    const at = this.clock();
    this.log.push({ startedAt: started, at, user: this.user, method, label, status: reply.status, proxyError: reply.proxyError, ms: Math.round((at - started) * 1000) });
    return reply;
  }

  private keepCookies(lines: string[]): void {
    for (const line of lines) {
      const [pair, ...attributes] = line.split(";");
      const split = pair!.indexOf("=");
      if (split <= 0) continue;
      const name = pair!.slice(0, split).trim();
      const value = pair!.slice(split + 1).trim();
      const expired = attributes.some((attribute) => {
        const [key, raw] = attribute.split("=").map((part) => part.trim());
        if (key?.toLowerCase() === "max-age") return Number(raw) <= 0;
        if (key?.toLowerCase() === "expires") return Date.parse(raw ?? "") < Date.now();
        return false;
      });
      if (expired || value === "") this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }
}

/** The hidden inputs of the form that holds `marker` (a field name), as the browser would send them. */
export function hiddenFields(html: string, marker: string): Record<string, string> | null {
  const form = [...html.matchAll(/<form\b[\s\S]*?<\/form>/gi)].map((match) => match[0]).find((text) => text.includes(`name="${marker}"`));
  if (!form) return null;
  const fields: Record<string, string> = {};
  for (const [input] of form.matchAll(/<input\b[^>]*>/gi)) {
    const attributes = Object.fromEntries([...input.matchAll(/([\w-]+)="([^"]*)"/g)].map((match) => [match[1]!.toLowerCase(), decode(match[2]!)]));
    if (attributes.type === "hidden" && attributes.name) fields[attributes.name] = attributes.value ?? "";
  }
  return fields;
}

function decode(text: string): string {
  return text
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&#(\d+);/g, (_, code: string) => String.fromCodePoint(Number(code)))
    .replace(/&amp;/g, "&");
}
