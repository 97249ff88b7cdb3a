// Starts the API reference renderer (served from this origin) on the served OpenAPI document.
// Fonts, the hosted API client and the CORS proxy are Scalar's online services: all off.
window.Scalar.createApiReference("#api-reference", {
  url: "/v1/openapi.json",
  withDefaultFonts: false,
  hideClientButton: true,
  proxyUrl: "",
  telemetry: false,
  agent: { disabled: true },
  mcp: { disabled: true },
  showDeveloperTools: "never",
  metaData: { title: "Session Analysis API reference" },
});
