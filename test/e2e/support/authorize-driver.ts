import { createHash, randomBytes } from "node:crypto";

/**
 * Drives the authorize page over plain HTTP (no browser) as a user would:
 * keeps cookies, reads the hidden form fields, signs in and approves.
 * Returns the URL the server redirected the user agent to.
 */
export async function signInAndApprove(authorizeUrl: string, email: string, password: string): Promise<URL> {
  const jar = new Map<string, string>();
  const origin = new URL(authorizeUrl).origin;
  const send = async (url: string, form?: Record<string, string>) => {
    const headers: Record<string, string> = {};
    if (jar.size) headers.cookie = [...jar].map(([k, v]) => `${k}=${v}`).join("; ");
    if (form) headers["content-type"] = "application/x-www-form-urlencoded";
    const res = await fetch(url, {
      method: form ? "POST" : "GET",
      headers,
      body: form ? new URLSearchParams(form) : undefined,
      redirect: "manual",
    });
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(";");
      const i = pair!.indexOf("=");
      jar.set(pair!.slice(0, i), pair!.slice(i + 1));
    }
    return { res, text: await res.text() };
  };
  const fields = (html: string) => {
    const form = html.slice(html.indexOf("<form"), html.indexOf("</form>"));
    const out: Record<string, string> = {};
    for (const m of form.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)) {
      out[m[1]!] = m[2]!
        .replace(/&quot;/g, '"')
        .replace(/&#39;/g, "'")
        .replace(/&lt;/g, "<")
        .replace(/&gt;/g, ">")
        .replace(/&amp;/g, "&");
    }
    return out;
  };

  const login = await send(authorizeUrl);
  if (login.res.status !== 200)
    throw new Error(`authorize: ${login.res.status} ${login.res.headers.get("location") ?? login.text}`);
  const signedIn = await send(`${origin}/oauth2/authorize`, { ...fields(login.text), email, password });
  if (signedIn.res.status !== 303) throw new Error(`sign in: ${signedIn.res.status}`);
  const consent = await send(new URL(signedIn.res.headers.get("location")!, origin).toString());
  const approved = await send(`${origin}/oauth2/authorize`, { ...fields(consent.text), action: "approve" });
  if (approved.res.status !== 303) throw new Error(`approve: ${approved.res.status}`);
  return new URL(approved.res.headers.get("location")!);
}

/**
 * An access token for `/mcp` the way an MCP client gets one, by hand: dynamic registration (RFC 7591) of a public
 * client, authorization code + PKCE S256 + `resource` (RFC 8707) with the user's sign-in and consent, then the
 * token. `send` makes the client's requests (e.g. from a test's own client address).
 */
export async function mcpAccessToken(
  origin: string,
  user: { email: string; password: string },
  scope: string,
  send: typeof fetch = fetch,
): Promise<{ access_token: string; scope: string }> {
  const redirect = "http://127.0.0.1:8977/callback";
  const reg = await send(`${origin}/oauth2/register`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ client_name: "Test agent", redirect_uris: [redirect], scope }),
  });
  if (reg.status !== 201) throw new Error(`register: ${reg.status} ${await reg.text()}`);
  const { client_id } = (await reg.json()) as { client_id: string };
  const verifier = randomBytes(32).toString("base64url");
  const query = new URLSearchParams({
    response_type: "code",
    client_id,
    redirect_uri: redirect,
    scope,
    code_challenge: createHash("sha256").update(verifier).digest("base64url"),
    code_challenge_method: "S256",
    resource: `${origin}/mcp`,
  });
  const back = await signInAndApprove(`${origin}/oauth2/authorize?${query}`, user.email, user.password);
  const token = await send(`${origin}/oauth2/token`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({
      grant_type: "authorization_code",
      code: back.searchParams.get("code")!,
      redirect_uri: redirect,
      client_id,
      code_verifier: verifier,
      resource: `${origin}/mcp`,
    }),
  });
  if (token.status !== 200) throw new Error(`token: ${token.status} ${await token.text()}`);
  return (await token.json()) as { access_token: string; scope: string };
}
