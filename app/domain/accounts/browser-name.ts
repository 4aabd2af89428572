/*
 * A browser as a person names it ("Chrome en Android"), from its User-Agent, for the new-device
 * e-mail and the audit log (issue 28). Coarse on purpose: the brand and the system are what
 * let the owner say "that was not me"; versions change every month and read as noise. The
 * order matters: Edge and Opera also say "Chrome", Chrome also says "Safari".
 */

const BROWSERS: [RegExp, string][] = [
  [/\bEdg(?:e|A|iOS)?\//, "Edge"],
  [/\bOPR\/|\bOpera\b/, "Opera"],
  [/\bSamsungBrowser\//, "Samsung Internet"],
  [/\bFirefox\/|\bFxiOS\//, "Firefox"],
  [/\bChrome\/|\bCriOS\/|\bChromium\//, "Chrome"],
  [/\bSafari\//, "Safari"],
];

const SYSTEMS: [RegExp, string][] = [
  [/\bAndroid\b/, "Android"],
  [/\biPhone\b/, "iPhone"],
  [/\biPad\b/, "iPad"],
  [/\bWindows\b/, "Windows"],
  [/\bCrOS\b/, "ChromeOS"],
  [/\bMac OS X\b|\bMacintosh\b/, "Mac"],
  [/\bLinux\b/, "Linux"],
];

export function browserName(userAgent: string | null | undefined): string {
  const agent = (userAgent ?? "").slice(0, 500);
  if (!agent.trim()) return "navegador desconocido";
  const browser = BROWSERS.find(([pattern]) => pattern.test(agent))?.[1];
  const system = SYSTEMS.find(([pattern]) => pattern.test(agent))?.[1];
  if (browser && system) return `${browser} en ${system}`;
  if (browser ?? system) return (browser ?? system)!;
  // Not a browser we know (a script, an app): its own words, cut short.
  return agent.slice(0, 60);
}
