import { type Compilable, type CompiledQuery, createQueryId, type QueryResult } from 'kysely'
import type { Db } from './database.ts'

/** Where a value goes in a statement compiled once: Kysely takes it as any other value and makes it a parameter. */
class Slot {
  readonly name: string
  constructor(name: string) {
    this.name = name
  }
}

interface Compiled {
  sql: string
  query: CompiledQuery['query']
  /** Per parameter: the name of the value that fills it, or the constant the build put there. */
  fill: Array<{ name: string } | { constant: unknown }>
}

interface Node {
  once?: Compiled
  next: WeakMap<object, Node>
}

export interface OnceCompiled<P, R> {
  /** Runs the statement with these values on `db` (the shop's handle or a transaction). */
  run(db: Db, values: P): Promise<QueryResult<R>>
}

/**
 * A statement built and compiled once per dialect, then only run: every run fills its parameters with the values
 * given (docs/decisions/0091). Kysely otherwise builds each statement's tree, compiles it to SQL and allocates
 * both again on every call. Placing orders, Kysely made 41 % of the shop's allocations, most of them there, and
 * allocations are what set off the garbage collections behind the slowest orders.
 *
 * `build` types the values it takes (`(db, v: { id: string }) => …`) and gets a stand-in for each. It is for
 * statements of one fixed shape only, and must not branch on the values or spread them (list the columns): a
 * value that changes the SQL (an `in` list's length, an optional column) needs a statement per shape. Every value
 * named must be given at each run; `undefined` is refused (Kysely leaves an undefined column out of an insert,
 * which a statement compiled once cannot). The handle's plugins apply as when the statement was compiled: one
 * compilation per dialect and plugin list.
 */
export function compiledOnce<P extends object, R>(
  build: (db: Db, values: P) => Compilable<R>,
): OnceCompiled<P, R> {
  // Per dialect adapter, then per plugin in order: a transaction's executor copies its handle's plugin list into a
  // new array, so the list's identity would compile again in every transaction; its plugins are the same ones.
  const compiled = new WeakMap<object, Node>()
  const compile = (db: Db): Compiled => {
    const executor = db.getExecutor()
    let node: Node | undefined = compiled.get(executor.adapter)
    if (!node) {
      node = { next: new WeakMap() }
      compiled.set(executor.adapter, node)
    }
    for (const plugin of executor.plugins) {
      let next: Node | undefined = node.next.get(plugin)
      if (!next) {
        next = { next: new WeakMap() }
        node.next.set(plugin, next)
      }
      node = next
    }
    if (!node.once) {
      // Each value the build names is a stand-in that Kysely makes a parameter like any other value.
      const slots = new Proxy({} as P, { get: (_, name) => new Slot(String(name)) })
      const query = build(db, slots).compile()
      const fill = query.parameters.map((value) =>
        value instanceof Slot ? { name: value.name } : { constant: value },
      )
      node.once = { sql: query.sql, query: query.query, fill }
    }
    return node.once
  }
  return {
    run(db, values) {
      const { sql, query, fill } = compile(db)
      let missing: string | undefined
      const parameters = fill.map((slot) => {
        if (!('name' in slot)) return slot.constant
        const value = (values as Record<string, unknown>)[slot.name]
        if (value === undefined) missing ??= slot.name
        return value
      })
      if (missing) return Promise.reject(new TypeError(`compiledOnce: no value for "${missing}"`))
      return db.executeQuery<R>({ sql, parameters, query, queryId: createQueryId() } as CompiledQuery<R>)
    },
  }
}

/**
 * A statement whose SQL follows a few facts of its values (an `in` list's length, which optional columns it
 * writes): compiled once per shape. `keyOf` names a shape; `build` makes the statement of one shape, and gets the
 * values' stand-ins as `compiledOnce`'s does. Keep the shapes few: each is kept for the life of the process.
 */
export function compiledPerShape<S, P extends object, R>(
  keyOf: (shape: S) => string,
  build: (shape: S) => (db: Db, values: P) => Compilable<R>,
): (shape: S) => OnceCompiled<P, R> {
  const byShape = new Map<string, OnceCompiled<P, R>>()
  return (shape) => {
    const key = keyOf(shape)
    let statement = byShape.get(key)
    if (!statement) {
      statement = compiledOnce(build(shape))
      byShape.set(key, statement)
    }
    return statement
  }
}
