import { api } from "./http";

let served: Promise<any> | undefined;

/**
 * The document GET /v1/openapi.json serves, fetched once per runtime and shared by the files that read
 * it (vitest.config.ts: isolate false). Building it costs about 0.3 s of CPU, and it depends only on
 * the routes, the origin and ENVIRONMENT, which no test changes. Tests of the endpoint's response
 * itself call api(). Each caller gets its own copy to read or change.
 */
export async function servedOpenApiDocument(): Promise<any> {
  served ??= api("GET", "/v1/openapi.json").then((res) => {
    if (res.status !== 200) throw new Error(`GET /v1/openapi.json: ${res.status} ${res.text}`);
    return res.body;
  });
  try {
    return structuredClone(await served);
  } catch (err) {
    served = undefined;
    throw err;
  }
}
