// Starts the API reference renderer (served from this origin) on the served OpenAPI document.
// Scalar's hosted fonts and API client are online services: off, so the page works offline.
window.Scalar.createApiReference("#api-reference", {
  url: document.getElementById("api-reference").dataset.openapiUrl,
  withDefaultFonts: false,
  hideClientButton: true,
});
