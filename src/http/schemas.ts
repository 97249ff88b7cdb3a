import { z } from "@hono/zod-openapi";
import { isCalendarDate } from "../lib/clock";

/** A query or body date: YYYY-MM-DD, and a real one (UTC). */
export const CalendarDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, "must be a date YYYY-MM-DD")
  .refine(isCalendarDate, "must be a calendar date")
  .openapi({ format: "date" });

/**
 * A date-time a caller gives (a filter's bound, an expiry): RFC 3339 §5.6, as OpenAPI's `date-time`
 * format says, so any offset (`Z`, `+05:30`, `-19:25`) and any count of fractional digits. Handlers read
 * it through `utcBounds` (lib/clock), which compares with the stored UTC times.
 */
export const DateTimeInput = z.iso.datetime({ offset: true }).openapi({ format: "date-time" });

/** A list's offset query parameter: 0 to 1,000,000, default 0 (typed integer in OpenAPI, not the coerced string). */
export const Offset = z.coerce
  .number()
  .int()
  .min(0)
  .max(1_000_000)
  .default(0)
  .openapi({ type: "integer", minimum: 0, maximum: 1_000_000, default: 0 });

/** The most items one page of any list holds (spec, GET /sessions): the same on every list. */
export const MAX_PAGE_SIZE = 100;

/**
 * A list's limit query parameter: 1 to MAX_PAGE_SIZE, default 20 (spec, GET /sessions). With Offset and
 * PaginationSchema, the one home of every list's paging (a test over the served document holds every list to
 * them), so a client's pager works on all of them alike.
 */
export const limitParam = () =>
  z.coerce
    .number()
    .int()
    .min(1)
    .max(MAX_PAGE_SIZE)
    .default(20)
    .openapi({ type: "integer", minimum: 1, maximum: MAX_PAGE_SIZE, default: 20 });

/** Every list's `pagination`: how many match, the page asked for, and whether another page follows. */
export const PaginationSchema = z
  .object({ total: z.number().int(), limit: z.number().int(), offset: z.number().int(), has_more: z.boolean() })
  .openapi("Pagination");

/**
 * An email address a person gives (registration, an email change, an invitation), as the document's
 * `pattern` says: RFC 5321 §4.1.2's Mailbox with a dot-atom local part (RFC 5322 §3.2.3's atext; no quoted strings) of at most 64 octets (§4.5.3.1.1), at a
 * domain of two or more DNS labels (RFC 1035 §2.3.1: letters, digits, inner hyphens, at most 63) whose
 * last starts with a letter (no address literals, no dotless hosts, no A-labels). Every such address is also a JSON
 * Schema `format: email`, so the two keywords together say exactly what the service takes.
 */
const ATEXT = "[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]";
// No "--" in a label's third and fourth places: RFC 5891 §4.2.3.1 keeps them for IDNA A-labels ("xn--"),
// whose Punycode no pattern can check, so internationalized domains are not taken.
const NOT_RESERVED = "(?![A-Za-z0-9-]{2}--)";
const LABEL = `${NOT_RESERVED}[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?`;
const TOP_LABEL = `${NOT_RESERVED}[A-Za-z](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])`;
const EMAIL_ADDRESS = new RegExp(`^(?![^@]{65})${ATEXT}+(?:\\.${ATEXT}+)*@(?:${LABEL}\\.)+${TOP_LABEL}$`);
export const EmailAddress = z
  .string()
  .max(254)
  .regex(EMAIL_ADDRESS, "Invalid email address")
  .openapi({ format: "email", example: "ada@example.com" });

/**
 * Whitespace exactly as String.prototype.trim removes it (ECMA-262 WhiteSpace and LineTerminator), spelled
 * out rather than `\s`: the document's reader may be another regex engine (Python's `re`, which the fuzzer
 * and the Python client use, counts U+001C–U+001F and U+0085 as `\s` and not U+FEFF), and this class
 * reads the same in every one of them.
 */
const NOT_WHITESPACE = /[^\t\n\v\f\r \u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff]/;

/**
 * Text a person names or tags something with (a tag, a key's or an organization's name, a cue): 1 to
 * `max` characters as sent, at least one of them not whitespace, and kept with the surrounding whitespace
 * removed. The length and the pattern are checked on the value as sent — which is what the document's
 * `minLength`, `maxLength` and `pattern` describe — and trimming comes after, so a value the document
 * allows is taken and one it refuses is refused (a blank one, one too long with spaces around it).
 * The one home of trimming in a schema.
 */
export const trimmedText = (max: number) =>
  z.string().min(1).max(max).regex(NOT_WHITESPACE, "must not be blank").trim();

/**
 * The one convention for acting as an organization (docs/decisions.md,
 * "Organizations"): a reusable header parameter on every authenticated
 * operation, registered as `components.parameters.OrganizationId`.
 */
export const OrganizationIdHeader = z
  .string()
  .regex(/^org_\d{1,30}$/)
  .optional()
  .openapi("OrganizationId", {
    param: { name: "x-organization-id", in: "header" },
    description:
      "Act for this organization (you must be a member; otherwise 404). If the organization requires MFA of its members and you have no second factor, 403 `ORGANIZATION_MFA_REQUIRED` (its API keys and sign-on tokens are exempt). Sessions, webhooks and API keys created, listed or read with it are the organization's, billed to its account and governed by its plan; without it they are your own. An organization API key always acts for its organization. Routes without organization resources check the header and otherwise ignore it.",
    example: "org_1763776000000123456",
  });
