import type { DirectoryFailure } from "../../domain/identity/sso/ports";
import { concat, octets, seq, tlv } from "./ber";

/**
 * Parses an RFC 4515 filter string into its RFC 4511 §4.5.1.7 BER encoding. Filters come from the
 * organization's configuration, with user input already escaped by `escapeFilterValue`, so a value
 * here can never open or close a parenthesis.
 */
class FilterSyntaxError extends Error implements DirectoryFailure {
  readonly directoryFailure = "filter" as const;
}

const encoder = new TextEncoder();

export function encodeFilter(filter: string): Uint8Array {
  const parser = { text: filter, at: 0 };
  const encoded = parseFilter(parser);
  if (parser.at !== filter.length) throw new FilterSyntaxError("trailing characters after the filter");
  return encoded;
}

type Parser = { text: string; at: number };

function expect(p: Parser, c: string) {
  if (p.text[p.at] !== c) throw new FilterSyntaxError(`expected "${c}" at ${p.at}`);
  p.at++;
}

function parseFilter(p: Parser): Uint8Array {
  expect(p, "(");
  const c = p.text[p.at];
  let out: Uint8Array;
  if (c === "&" || c === "|") {
    p.at++;
    const parts: Uint8Array[] = [];
    while (p.text[p.at] === "(") parts.push(parseFilter(p));
    if (parts.length === 0) throw new FilterSyntaxError("empty and/or");
    out = seq(c === "&" ? 0xa0 : 0xa1, ...parts);
  } else if (c === "!") {
    p.at++;
    out = seq(0xa2, parseFilter(p));
  } else {
    out = parseItem(p);
  }
  expect(p, ")");
  return out;
}

function parseItem(p: Parser): Uint8Array {
  const end = p.text.indexOf(")", p.at);
  if (end < 0) throw new FilterSyntaxError("unterminated item");
  const item = p.text.slice(p.at, end);
  p.at = end;
  const match = /^([A-Za-z0-9][A-Za-z0-9.;-]*)(=|>=|<=|~=)(.*)$/s.exec(item);
  if (!match) throw new FilterSyntaxError(`bad item "${item}"`);
  const [, attr = "", op, raw = ""] = match;
  if (op === "=" && raw === "*") return tlv(0x87, encoder.encode(attr));
  if (op === "=" && raw.includes("*")) {
    const pieces = raw.split("*");
    const subs: Uint8Array[] = [];
    pieces.forEach((piece, i) => {
      if (piece === "") return;
      const tag = i === 0 ? 0x80 : i === pieces.length - 1 ? 0x82 : 0x81;
      subs.push(octets(unescapeValue(piece), tag));
    });
    return seq(0xa4, octets(attr), seq(0x30, ...subs));
  }
  const tag = op === "=" ? 0xa3 : op === ">=" ? 0xa5 : op === "<=" ? 0xa6 : 0xa8;
  return seq(tag, octets(attr), octets(unescapeValue(raw)));
}

/** RFC 4515 `\XX` escapes back to bytes; any other backslash is a syntax error. */
function unescapeValue(value: string): Uint8Array {
  const parts: Uint8Array[] = [];
  let literal = "";
  for (let i = 0; i < value.length; i++) {
    const ch = value[i] as string;
    if (ch === "(") throw new FilterSyntaxError("unescaped ( in a value");
    if (ch !== "\\") {
      literal += ch;
      continue;
    }
    const hex = value.slice(i + 1, i + 3);
    if (!/^[0-9a-fA-F]{2}$/.test(hex)) throw new FilterSyntaxError("bad escape");
    parts.push(encoder.encode(literal), new Uint8Array([Number.parseInt(hex, 16)]));
    literal = "";
    i += 2;
  }
  parts.push(encoder.encode(literal));
  return concat(parts);
}
