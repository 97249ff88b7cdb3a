/**
 * What an adapter needs of a Durable Object namespace: a stub by name. The bindings'
 * DurableObjectNamespace<Class> (src/bindings.ts) is one; its stubs are checked against the port `T`
 * where the composition root hands the namespace over (src/context/ports.ts).
 */
export interface NamedObjects<T> {
  idFromName(name: string): DurableObjectId;
  get(id: DurableObjectId): T;
}
