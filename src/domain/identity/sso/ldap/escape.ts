/**
 * RFC 4515 §3: in a filter's assertion value, `*`, `(`, `)`, `\` and NUL are written as `\XX`.
 * Escaping every other non-printable byte too keeps user input literal whatever the server.
 */
export function escapeFilterValue(value: string): string {
  let out = "";
  for (const byte of new TextEncoder().encode(value)) {
    const c = String.fromCharCode(byte);
    out += byte < 0x20 || byte > 0x7e || "*()\\".includes(c) ? `\\${byte.toString(16).padStart(2, "0")}` : c;
  }
  return out;
}

/**
 * RFC 4514 §2.4: in an attribute value of a DN, `"`, `+`, `,`, `;`, `<`, `>`, `\` and `=` are
 * backslash-escaped, as are a leading space or `#` and a trailing space; NUL is written `\00`.
 */
export function escapeDnValue(value: string): string {
  let out = value.replace(/["+,;<>\\=]/g, (c) => `\\${c}`).replace(/\0/g, "\\00");
  if (out.startsWith(" ") || out.startsWith("#")) out = `\\${out}`;
  if (out.endsWith(" ") && !out.endsWith("\\ ")) out = `${out.slice(0, -1)}\\ `;
  return out;
}
