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
