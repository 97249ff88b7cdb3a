import { OAuthError } from "./errors";

const MAX_FORM_BYTES = 16 * 1024;

/** Parameters of an application/x-www-form-urlencoded request, each at most once (RFC 6749 §3.2). */
export class FormParams {
  constructor(private readonly params: URLSearchParams) {}

  /** The value, or undefined when absent; a parameter sent twice is invalid_request. Empty counts as absent (RFC 6749 §3.1). */
  get(name: string): string | undefined {
    const all = this.params.getAll(name);
    if (all.length > 1) throw new OAuthError("invalid_request", `The parameter ${name} was sent more than once.`);
    const value = all[0];
    return value === undefined || value === "" ? undefined : value;
  }

  require(name: string): string {
    const value = this.get(name);
    if (value === undefined) throw new OAuthError("invalid_request", `The parameter ${name} is required.`);
    return value;
  }
}

/** Read a form body; anything else is invalid_request (RFC 6749 §3.2: x-www-form-urlencoded). */
export async function readForm(request: Request): Promise<FormParams> {
  const type = request.headers.get("content-type") ?? "";
  if (!/^application\/x-www-form-urlencoded\b/i.test(type)) {
    throw new OAuthError("invalid_request", "The body must be application/x-www-form-urlencoded.");
  }
  const bytes = await request.arrayBuffer();
  if (bytes.byteLength > MAX_FORM_BYTES) throw new OAuthError("invalid_request", "The request body is too large.");
  const text = new TextDecoder().decode(bytes);
  return new FormParams(new URLSearchParams(text));
}
