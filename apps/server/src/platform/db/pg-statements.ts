import type pg from 'pg'

/** What one connection keeps: PostgreSQL holds each named statement's parse tree and plans in the backend. */
export interface StatementLimits {
  /** Named statements per connection; past it, statements go unnamed (parsed and planned every time, as before). */
  maxNamed: number
  /** Statements with more parameters are bulk writes of varying shape (an import chunk): never named. */
  maxParameters: number
}

const LIMITS: StatementLimits = { maxNamed: 500, maxParameters: 64 }

/** Only plain reads and writes are named; transaction control and session commands go as they are. */
const NAMEABLE = /^\s*(select|insert|update|delete|with)\b/i
const BEGINS = /^\s*(begin|start\s+transaction)\b/i
const ENDS = /^\s*(commit|end|rollback)\s*$/i
/** SQLSTATE 0A000 with this message: a table under a named statement changed shape (a migration ran meanwhile). */
const RESULT_TYPE_CHANGED = 'cached plan must not change result type'

type Query = (text: string, values?: unknown[]) => Promise<pg.QueryResult>
type NamedQuery = (config: pg.QueryConfig) => Promise<pg.QueryResult>

/**
 * Named (prepared) statements for a pg connection (docs/decisions/0076): the second time a connection runs a SQL
 * text it is sent with a name, so PostgreSQL parses and plans it once and from then on only binds and executes
 * it. Kysely sends every statement unnamed, which PostgreSQL parses, analyses and plans on every call: half of
 * the database's CPU per order placed. Bounded per connection (`maxNamed`), and bulk statements stay unnamed.
 *
 * A named statement outlives a migration that changes its table's columns (`select *` of a table that gained
 * one, while another process migrated): PostgreSQL then refuses it ("cached plan must not change result type").
 * The text gets a new name on that connection, so the next call prepares it again; outside a transaction the
 * failed call is sent again at once, inside one the error stands (the transaction is aborted anyway).
 */
export function nameStatements(client: pg.ClientBase, limits: StatementLimits = LIMITS): void {
  const send = client.query.bind(client) as unknown as Query & NamedQuery
  const names = new Map<string, string>()
  const seen = new Set<string>()
  let counter = 0
  let inTransaction = false

  const nameOf = (text: string, values: unknown[]): string | undefined => {
    const known = names.get(text)
    if (known) return known
    if (values.length > limits.maxParameters || !NAMEABLE.test(text)) return undefined
    if (!seen.has(text)) {
      // The first run of a text goes unnamed: one-off statements (migrations, a seed) take no room.
      if (seen.size >= limits.maxNamed * 4) seen.clear()
      seen.add(text)
      return undefined
    }
    if (names.size >= limits.maxNamed) return undefined
    seen.delete(text)
    const name = `shop_${++counter}`
    names.set(text, name)
    return name
  }

  const query = (async (text: unknown, values?: unknown, ...rest: unknown[]) => {
    if (typeof text !== 'string' || rest.length > 0 || (values !== undefined && !Array.isArray(values))) {
      return (send as (...args: unknown[]) => unknown)(text, values, ...rest)
    }
    if (BEGINS.test(text)) inTransaction = true
    else if (ENDS.test(text)) inTransaction = false
    const parameters = (values as unknown[] | undefined) ?? []
    const name = nameOf(text, parameters)
    if (!name) return send(text, values as unknown[] | undefined)
    try {
      return await send({ name, text, values: parameters })
    } catch (error) {
      if (!(error instanceof Error) || !error.message.includes(RESULT_TYPE_CHANGED)) throw error
      const renamed = `shop_${++counter}`
      names.set(text, renamed)
      if (inTransaction) throw error
      return send({ name: renamed, text, values: parameters })
    }
  }) as unknown as typeof client.query
  client.query = query
}
