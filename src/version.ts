// esbuild (wrangler) and Vite (tests) inline only the imported field of package.json.
import { version } from "../package.json";

/** The service version reported by system status: package.json's. */
export const SERVICE_VERSION: string = version;
