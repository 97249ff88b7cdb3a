/**
 * OpenAPI links (OpenAPI 3.1 §4.8.20, the Link Object): a 201 that creates a resource names the
 * operations its id feeds, so clients and stateful testers (Schemathesis, issue 34) can follow
 * `POST /webhooks` → `GET /webhooks/{webhook_id}` without guessing. Derived from the paths, never
 * kept by hand: every operation on a path below the creating one's whose first new parameter is
 * the created resource's id (`data.<that parameter>`, else `data.id`), with the creating path's own
 * parameters passed along.
 */

type Schema = {
  $ref?: string;
  type?: string;
  properties?: Record<string, Schema>;
  allOf?: Schema[];
};
type Operation = {
  operationId?: string;
  responses?: Record<string, { content?: Record<string, { schema?: Schema }>; links?: Record<string, unknown> }>;
};
type PathItem = Record<string, unknown>;

const METHODS = ["get", "put", "post", "delete", "patch"] as const;

/** The named schema a `$ref` points at, with `allOf` members' properties merged. */
function propertiesOf(schema: Schema | undefined, schemas: Record<string, Schema>, depth = 0): Record<string, Schema> {
  if (!schema || depth > 4) return {};
  if (schema.$ref) return propertiesOf(schemas[schema.$ref.split("/").pop() ?? ""], schemas, depth + 1);
  const own = schema.properties ?? {};
  const merged = (schema.allOf ?? []).map((s) => propertiesOf(s, schemas, depth + 1));
  return Object.assign({}, ...merged, own);
}

const paramsIn = (path: string) => [...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]!);

export function addCreationLinks(paths: Record<string, PathItem>, schemas: Record<string, Schema>): void {
  for (const [path, item] of Object.entries(paths)) {
    const created = item.post as Operation | undefined;
    const response = created?.responses?.["201"];
    const envelope = response?.content?.["application/json"]?.schema;
    if (!response || !envelope) continue;
    const fields = propertiesOf(propertiesOf(envelope, schemas).data, schemas);

    const links: Record<string, unknown> = {};
    const own = paramsIn(path);
    for (const [target, targetItem] of Object.entries(paths)) {
      const below = new RegExp(`^${path.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}/\\{([^}]+)\\}(?:/|$)`).exec(target);
      if (!below) continue;
      const param = below[1]!;
      const field = fields[param] ? param : fields.id ? "id" : undefined;
      if (!field) continue;
      for (const method of METHODS) {
        const op = targetItem[method] as Operation | undefined;
        if (!op?.operationId) continue;
        const parameters: Record<string, string> = { [param]: `$response.body#/data/${field}` };
        for (const name of own) parameters[name] = `$request.path.${name}`;
        links[op.operationId] = {
          operationId: op.operationId,
          parameters,
          description: `The ${param} of the resource this request created.`,
        };
      }
    }
    if (Object.keys(links).length > 0) response.links = { ...(response.links ?? {}), ...links };
  }
}
