/**
 * Fault injection for D1: a binding that behaves like the real one except
 * that chosen statements fail inside real D1. A failing statement is swapped
 * for a real query on a table that does not exist, so the error is D1's own
 * (`D1_ERROR: no such table …: SQLITE_ERROR`) and a failing statement inside
 * `batch()` rolls the whole batch back exactly as production would.
 * Install it with `apiWithEnv({ DB: failing.db }, …)`.
 */
export interface StatementFault {
  /** Which statements fail: matched against their SQL text. */
  match: RegExp;
  /** Fail the nth matching statement (1-based, counted per binding); default 1. */
  nth?: number;
  /** How many matching statements fail from the nth on; default 1. */
  times?: number;
}

export interface FailingD1 {
  db: D1Database;
  /** SQL of every statement this binding prepared, in order. */
  readonly prepared: string[];
  /** SQL of the statements that were made to fail. */
  readonly failed: string[];
}

const BROKEN_SQL = "SELECT * FROM injected_fault_no_such_table";

export function failingD1(real: D1Database, fault: StatementFault): FailingD1 {
  const nth = fault.nth ?? 1;
  const times = fault.times ?? 1;
  const prepared: string[] = [];
  const failed: string[] = [];
  let seen = 0;
  const broken = new WeakSet<D1PreparedStatement>();

  const wrapStatement = (base: D1Database, stmt: D1PreparedStatement, fails: boolean): D1PreparedStatement => {
    if (!fails) return stmt;
    const bad = base.prepare(BROKEN_SQL);
    broken.add(bad);
    // bind() keeps it broken; every execution runs the broken SQL in real D1.
    const proxy = new Proxy(bad, {
      get(target, prop) {
        if (prop === "bind") return () => proxy;
        const value = Reflect.get(target, prop, target);
        return typeof value === "function" ? value.bind(target) : value;
      },
    });
    broken.add(proxy);
    return proxy;
  };

  // The app runs each request in a D1 session (withSession): a session's statements are
  // matched and faulted exactly like the binding's.
  const faulty = (base: D1Database): D1Database =>
    new Proxy(base, {
      get(target, prop) {
        if (prop === "prepare") {
          return (sql: string) => {
            prepared.push(sql);
            let fails = false;
            if (fault.match.test(sql)) {
              seen += 1;
              fails = seen >= nth && seen < nth + times;
              if (fails) failed.push(sql);
            }
            return wrapStatement(target, target.prepare(sql), fails);
          };
        }
        if (prop === "batch") {
          // Batches get the real statement behind each proxy (D1 checks the class).
          return (statements: D1PreparedStatement[]) =>
            target.batch(statements.map((s) => (broken.has(s) ? target.prepare(BROKEN_SQL) : s)));
        }
        if (prop === "withSession") {
          return (constraint?: string) =>
            faulty((target as D1Database).withSession(constraint as D1SessionConstraint) as unknown as D1Database);
        }
        const value = Reflect.get(target, prop, target);
        return typeof value === "function" ? value.bind(target) : value;
      },
    });
  const db = faulty(real);
  return { db, prepared, failed };
}

/** A SESSION_SCHEDULER binding that cannot be reached: every add() fails, as when the Durable Object is unavailable. */
export const unreachableScheduler = {
  idFromName: (name: string) => name,
  get: () => ({
    add: async () => {
      throw new Error("Durable Object unavailable");
    },
  }),
};
