/** The service version reported by system status (kept in step with package.json). */
export const SERVICE_VERSION = "0.1.0";
