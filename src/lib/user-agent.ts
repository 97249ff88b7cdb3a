/**
 * A short, human summary of a User-Agent header ("Firefox on Linux", "Chrome on Android"), shown beside a
 * sign-in so its person recognises it. Only the summary is stored (data minimisation, GDPR Art. 5(1)(c)):
 * the full header fingerprints a device far better than anyone needs to recognise it.
 */
export function userAgentSummary(header: string | undefined): string | null {
  const ua = header?.trim();
  if (!ua) return null;
  const browser = BROWSERS.find(([pattern]) => pattern.test(ua))?.[1];
  const system = SYSTEMS.find(([pattern]) => pattern.test(ua))?.[1];
  if (browser && system) return `${browser} on ${system}`;
  if (browser ?? system) return (browser ?? system)!;
  // A program rather than a browser (curl/8.5, node, a client library): its first product token.
  const product = /^[A-Za-z][A-Za-z0-9._-]{0,40}(\/[0-9][0-9A-Za-z.]{0,20})?/.exec(ua)?.[0];
  return product ?? "Unknown client";
}

/** Order matters: Edge and Opera also say "Chrome", Chrome also says "Safari", headless Chrome says both. */
const BROWSERS: readonly [RegExp, string][] = [
  [/HeadlessChrome\//, "Headless Chrome"],
  [/Edg(e|A|iOS)?\//, "Edge"],
  [/OPR\/|Opera/, "Opera"],
  [/Firefox\/|FxiOS\//, "Firefox"],
  [/Chrome\/|CriOS\//, "Chrome"],
  [/Safari\//, "Safari"],
];

const SYSTEMS: readonly [RegExp, string][] = [
  [/Android/, "Android"],
  [/iPhone|iPad|iPod/, "iOS"],
  [/Mac OS X|Macintosh/, "macOS"],
  [/Windows/, "Windows"],
  [/CrOS/, "ChromeOS"],
  [/Linux/, "Linux"],
];
