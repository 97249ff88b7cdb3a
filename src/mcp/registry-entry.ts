import { SERVICE_VERSION } from "../version";

/**
 * The MCP registry's server.json format this entry follows (https://modelcontextprotocol.io/registry: the
 * `remotes` of a remote server; publisher metadata under `_meta`, reverse-DNS namespaced).
 */
const REGISTRY_SCHEMA = "https://static.modelcontextprotocol.io/schemas/2025-12-11/server.schema.json";

/** The registry's key for what a publisher adds to an entry (it passes it on to downstream registries). */
const PUBLISHER_META = "io.modelcontextprotocol.registry/publisher-provided";

/**
 * The deployment's entry for the MCP registry (the `server.json` `mcp-publisher publish` sends): its remote
 * transport at `<issuer>/mcp` and how a client is authorised there (MCP authorization: the protected resource
 * metadata, our OAuth server, open registration, PKCE). Its name is the host reversed (`api.example.com` →
 * `com.example.api/session-analysis`), a namespace the registry lets the host's owner prove by DNS.
 */
export function registryEntry(issuer: string, protectedResourceMetadata: string) {
  const origin = issuer.replace(/\/$/, "");
  const host = new URL(origin).hostname;
  return {
    $schema: REGISTRY_SCHEMA,
    name: `${host.split(".").reverse().join(".")}/session-analysis`,
    title: "Session Analysis Service",
    description: "Quote, run, follow and read analysis sessions; credits, billing and webhook deliveries.",
    version: SERVICE_VERSION,
    websiteUrl: `${origin}/v1/docs`,
    remotes: [
      {
        type: "streamable-http",
        url: `${origin}/mcp`,
        headers: [
          {
            name: "X-Organization-Id",
            description:
              "Optional: act for an organization you are a member of (its sessions, credits and billing), as in the REST API.",
            isRequired: false,
            isSecret: false,
            format: "string",
          },
        ],
      },
    ],
    _meta: {
      [PUBLISHER_META]: {
        authorization: {
          type: "oauth2",
          resource: `${origin}/mcp`,
          protectedResourceMetadata,
          authorizationServers: [origin],
          clientRegistration: ["dynamic", "client-id-metadata-document"],
          codeChallengeMethods: ["S256"],
        },
        documentation: `${origin}/v1/docs`,
      },
    },
  };
}
