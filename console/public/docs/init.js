// Starts the API reference renderer (served from this origin) on the served OpenAPI document,
// prepared for readers by reader.js. The mount point must not be id="api-reference": the
// standalone bundle auto-mounts a second, configuration-less reference on that id (its HTML API
// reads only data-url), which stays on its loading skeleton ("Document  not found in configList").
// Scalar's hosted fonts, AI agent, MCP generator and developer tools are online services: off,
// so the page works offline.
const mount = document.getElementById("reference");

const configuration = (doc, apiKey) => ({
  content: doc,
  withDefaultFonts: false,
  hideClientButton: true,
  showDeveloperTools: "never",
  agent: { disabled: true },
  mcp: { disabled: true },
  forceDarkModeState: "light",
  hideDarkModeToggle: true,
  // The reader's own key (typed in the bar above, kept in this page's memory only) goes into
  // every example: as X-API-Key, and as the bearer token the examples show first (the API takes
  // a key there too).
  authentication: {
    preferredSecurityScheme: "apiKey",
    securitySchemes: {
      apiKey: { value: apiKey || "YOUR_API_KEY" },
      bearerAuth: { token: apiKey || "YOUR_API_KEY" },
    },
  },
  // The light theme's secondary text and method colours fall below WCAG 2.1 AA contrast (4.5:1)
  // on its light backgrounds; these are darker shades of the same hues.
  customCss: `.light-mode {
    --scalar-color-2: #4a4a4a; --scalar-color-3: #595959;
    --scalar-color-green: #05703f; --scalar-color-blue: #0a58b8; --scalar-color-red: #b4232a;
    --scalar-color-orange: #9a4a00; --scalar-color-yellow: #7a5d00; --scalar-color-purple: #6b3fb8;
  }`,
});

(async () => {
  const doc = window.prepareReference(await (await fetch(mount.dataset.openapiUrl)).json());
  const app = window.Scalar.createApiReference(mount, configuration(doc, ""));
  const form = document.getElementById("docs-key");
  form.addEventListener("submit", (e) => {
    e.preventDefault();
    const key = form.elements.key.value.trim();
    app.updateConfiguration(configuration(doc, key));
    document.getElementById("docs-key-status").textContent = key
      ? "Your key is now in the examples (this page only; it is not stored)."
      : "Examples show YOUR_API_KEY.";
  });
})();

// Names the renderer gets wrong (WCAG 4.1.2, 2.5.3): icon-only copy-code buttons and, at narrow
// widths, the contact link whose text is hidden have none; "Show More" is labelled "Show all …".
const name = () => {
  for (const b of mount.ownerDocument.querySelectorAll("button.scalar-code-copy:not([aria-label])")) {
    b.setAttribute("aria-label", "Copy code");
  }
  for (const a of mount.ownerDocument.querySelectorAll("a[href]:not([aria-label])")) {
    if (!a.innerText.trim()) a.setAttribute("aria-label", a.textContent.trim() || a.title || a.href);
  }
  for (const b of mount.ownerDocument.querySelectorAll("button.show-more[aria-label^='Show all ']")) {
    b.setAttribute("aria-label", `Show more ${b.getAttribute("aria-label").slice("Show all ".length)}`);
  }
  // The authentication section's editable fields are unnamed comboboxes without aria-expanded.
  for (const e of mount.ownerDocument.querySelectorAll(".code-input-lite__editor[role='combobox']:not([aria-label])")) {
    e.setAttribute("aria-label", e.dataset.placeholder || "Value");
    if (!e.hasAttribute("aria-expanded")) e.setAttribute("aria-expanded", "false");
  }
  // A tag's endpoint list can scroll: keyboard users must be able to reach it (WCAG 2.1.1).
  for (const ul of mount.ownerDocument.querySelectorAll("ul.endpoints[aria-label]:not([tabindex])")) {
    ul.setAttribute("tabindex", "0");
  }
};
new MutationObserver(name).observe(document.body, { childList: true, subtree: true });
