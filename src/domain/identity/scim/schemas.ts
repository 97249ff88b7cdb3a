import { ENTERPRISE_USER } from "../../../db/scim-filter";
/** The schema and message URNs of RFC 7643 §8.7 and RFC 7644 §3 the service speaks. */
export const SCIM = {
  user: "urn:ietf:params:scim:schemas:core:2.0:User",
  group: "urn:ietf:params:scim:schemas:core:2.0:Group",
  /** RFC 7643 §4.3: the Enterprise User extension (Entra ID's and Okta's default mappings send it). */
  // Its filter columns are in db/scim-filter.ts, which names the URN for both.
  enterpriseUser: ENTERPRISE_USER,
  listResponse: "urn:ietf:params:scim:api:messages:2.0:ListResponse",
  patchOp: "urn:ietf:params:scim:api:messages:2.0:PatchOp",
  searchRequest: "urn:ietf:params:scim:api:messages:2.0:SearchRequest",
  error: "urn:ietf:params:scim:api:messages:2.0:Error",
  serviceProviderConfig: "urn:ietf:params:scim:schemas:core:2.0:ServiceProviderConfig",
  resourceType: "urn:ietf:params:scim:schemas:core:2.0:ResourceType",
  schema: "urn:ietf:params:scim:schemas:core:2.0:Schema",
} as const;

/** One attribute of a published schema (RFC 7643 §7), the fields this service uses. */
export interface AttributeDefinition {
  name: string;
  type: "string" | "boolean" | "complex" | "reference";
  multiValued: boolean;
  required: boolean;
  caseExact: boolean;
  mutability: "readOnly" | "readWrite" | "immutable" | "writeOnly";
  returned: "always" | "never" | "default" | "request";
  uniqueness: "none" | "server" | "global";
  subAttributes?: AttributeDefinition[];
  referenceTypes?: string[];
  description: string;
}

const text = (name: string, description: string, extra: Partial<AttributeDefinition> = {}): AttributeDefinition => ({
  name,
  type: "string",
  multiValued: false,
  required: false,
  caseExact: false,
  mutability: "readWrite",
  returned: "default",
  uniqueness: "none",
  description,
  ...extra,
});

/** The User attributes stored and returned (RFC 7643 §4.1); others a directory sends are ignored. */
export const USER_ATTRIBUTES: AttributeDefinition[] = [
  text("userName", "The directory's login name: an email address in one of the organization's verified domains.", {
    required: true,
    uniqueness: "server",
  }),
  {
    ...text("name", "The person's name."),
    type: "complex",
    subAttributes: [
      text("formatted", "The full name."),
      text("familyName", "The family name."),
      text("givenName", "The given name."),
      text("middleName", "The middle name."),
      text("honorificPrefix", "Prefix, e.g. Ms."),
      text("honorificSuffix", "Suffix, e.g. III."),
    ],
  },
  text("displayName", "The name to display."),
  text("nickName", "A casual name."),
  text("title", "The job title."),
  text("userType", "The relationship to the organization, e.g. Employee."),
  text("preferredLanguage", "Preferred language (RFC 7231 Accept-Language form)."),
  text("locale", "Locale, e.g. en-US."),
  text("timezone", "Time zone (IANA name)."),
  { ...text("active", "false: the person's access to the organization has ended."), type: "boolean" },
  {
    ...text("emails", "Email addresses, each in one of the organization's verified domains."),
    type: "complex",
    multiValued: true,
    subAttributes: [
      text("value", "The address."),
      text("display", "How to display it."),
      text("type", "work, home or other."),
      { ...text("primary", "The primary address (at most one)."), type: "boolean" },
    ],
  },
];

/** The Group attributes (RFC 7643 §4.2). */
export const GROUP_ATTRIBUTES: AttributeDefinition[] = [
  text("displayName", "The group's name; mapped to a role by the connection's group_roles.", {
    required: true,
    uniqueness: "server",
  }),
  {
    ...text("members", "The group's members: Users of this connection."),
    type: "complex",
    multiValued: true,
    subAttributes: [
      text("value", "The member's id.", { mutability: "immutable" }),
      {
        ...text("$ref", "The member's URI.", { mutability: "immutable" }),
        type: "reference",
        referenceTypes: ["User"],
      },
      text("type", "User.", { mutability: "immutable" }),
    ],
  },
];

/**
 * The Enterprise User extension's attributes (RFC 7643 §4.3, its schema §8.7.1): every one optional,
 * caseExact false, readWrite, returned by default. `manager.value` is the id of a User of the same
 * connection; `manager.$ref` is its location, derived from the id; `manager.displayName` is read-only.
 */
export const ENTERPRISE_ATTRIBUTES: AttributeDefinition[] = [
  text(
    "employeeNumber",
    "Numeric or alphanumeric identifier assigned to a person, typically based on order of hire or association with an organization.",
  ),
  text("costCenter", "Identifies the name of a cost center."),
  text("organization", "Identifies the name of an organization."),
  text("division", "Identifies the name of a division."),
  text("department", "Identifies the name of a department."),
  {
    ...text("manager", "The User's manager: the id of another User of this connection."),
    type: "complex",
    subAttributes: [
      text("value", "The id of the SCIM resource representing the User's manager."),
      {
        ...text("$ref", "The URI of the SCIM resource representing the User's manager (derived from value)."),
        type: "reference",
        referenceTypes: ["User"],
      },
      text("displayName", "The displayName of the User's manager. Read-only.", { mutability: "readOnly" }),
    ],
  },
];
