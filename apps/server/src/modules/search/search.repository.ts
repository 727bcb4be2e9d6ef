import { sql } from 'kysely'
import type { Db, Engine } from '../../platform/db/database.ts'
import { indexText, queryWord } from './text.ts'

/** One product's text in one language, as indexed. */
export interface SearchDocument {
  productId: string
  language: string
  name: string
  description: string
}

/** A query word with the alternatives it matches (itself, typo corrections) and whether it is a prefix. */
export interface QueryGroup {
  alternatives: string[]
  prefix: boolean
}

export interface SearchFilter {
  language: string
  groups: QueryGroup[]
  /** Products of these categories only (already expanded with their subcategories). */
  categoryIds?: string[]
  /** Effective price bounds in minor units of `currency`. */
  priceMinMinor?: number
  priceMaxMinor?: number
  currency: string
  now: string
}

const BATCH = 200
const PG_CONFIGS: Record<string, string> = { en: 'english', de: 'german' }
const pgConfig = (language: string) => PG_CONFIGS[language] ?? 'simple'

export async function deleteDocuments(db: Db, engine: Engine, productIds?: string[]): Promise<void> {
  const table = engine === 'sqlite' ? 'search_fts' : 'search_documents'
  if (!productIds) {
    await sql`delete from ${sql.table(table)}`.execute(db)
    await sql`delete from search_terms`.execute(db)
    return
  }
  for (let i = 0; i < productIds.length; i += BATCH) {
    const ids = productIds.slice(i, i + BATCH)
    await sql`delete from ${sql.table(table)} where product_id in (${sql.join(ids)})`.execute(db)
  }
}

export async function insertDocuments(db: Db, engine: Engine, docs: SearchDocument[]): Promise<void> {
  for (let i = 0; i < docs.length; i += BATCH) {
    const batch = docs.slice(i, i + BATCH)
    if (engine === 'sqlite') {
      const rows = batch.map(
        (d) =>
          sql`(${d.productId}, ${d.language}, ${indexText(d.name, d.language)}, ${indexText(d.description, d.language)})`,
      )
      await sql`insert into search_fts (product_id, language, name, body) values ${sql.join(rows)}`.execute(
        db,
      )
    } else {
      const rows = batch.map(
        (d) =>
          sql`(${d.productId}, ${d.language}, setweight(to_tsvector(${pgConfig(d.language)}::regconfig, ${d.name}), 'A') || setweight(to_tsvector(${pgConfig(d.language)}::regconfig, ${d.description}), 'B'))`,
      )
      await sql`insert into search_documents (product_id, language, document) values ${sql.join(rows)}`.execute(
        db,
      )
    }
  }
}

export async function insertTerms(db: Db, terms: Array<{ language: string; term: string }>): Promise<void> {
  for (let i = 0; i < terms.length; i += BATCH * 2) {
    await db
      .insertInto('search_terms' as never)
      .values(terms.slice(i, i + BATCH * 2) as never)
      .onConflict((oc) => oc.doNothing())
      .execute()
  }
}

/** Which of the words are in the language's vocabulary. */
export async function knownTerms(db: Db, language: string, candidates: string[]): Promise<Set<string>> {
  const found = new Set<string>()
  const unique = [...new Set(candidates)]
  for (let i = 0; i < unique.length; i += 5000) {
    const list = unique.slice(i, i + 5000)
    const { rows } = await sql<{ term: string }>`select term from search_terms
      where language = ${language} and term in (${sql.join(list)})`.execute(db)
    for (const r of rows) found.add(r.term)
  }
  return found
}

/** Whether some vocabulary word starts with the prefix (letters and digits only). */
export async function hasPrefix(db: Db, language: string, prefix: string): Promise<boolean> {
  const { rows } = await sql`select 1 as x from search_terms
    where language = ${language} and term like ${`${prefix}%`} limit 1`.execute(db)
  return rows.length > 0
}

export async function hasDocuments(db: Db, engine: Engine): Promise<boolean> {
  const table = engine === 'sqlite' ? 'search_fts' : 'search_documents'
  const { rows } = await sql`select 1 as x from ${sql.table(table)} limit 1`.execute(db)
  return rows.length > 0
}

/** Which matches a statement reads: all of them, those with every word in the name, or the others. */
export type Scope = 'all' | 'names' | 'rest'

/**
 * The FTS5 match: the language inside the match (an indexed column, so other languages' documents are never
 * read), the words in the name and body columns only; `names` keeps the documents whose name holds every
 * word, `rest` drops them. Words are letters and digits, the language a code checked against the same rule,
 * so nothing here is query syntax from the request.
 */
function ftsExpression(filter: SearchFilter, scope: Scope): string {
  const quote = (w: string) => `"${queryWord(w, filter.language)}"`
  const words = filter.groups
    .map((g) => {
      const terms = g.alternatives.map(quote)
      if (g.prefix) terms.push(`${quote(g.alternatives[0] ?? '')}*`)
      return `(${terms.join(' OR ')})`
    })
    .join(' AND ')
  const language = /^[a-z]{2,8}$/.test(filter.language) ? filter.language : 'xx'
  if (scope === 'names') return `language : "${language}" AND name : (${words})`
  const all = `language : "${language}" AND {name body} : (${words})`
  return scope === 'all' ? all : `(${all}) NOT (name : (${words}))`
}

/** The tsquery; `names` restricts every word to the name (weight A), `rest` keeps the other matches. */
function tsQuery(filter: SearchFilter, scope: Scope): string {
  const query = (weight: string) =>
    filter.groups
      .map((g) => {
        const terms = g.alternatives.map((w) => (weight ? `${w}:${weight}` : w))
        if (g.prefix) terms.push(`${g.alternatives[0] ?? ''}:*${weight}`)
        return `(${terms.join(' | ')})`
      })
      .join(' & ')
  if (scope === 'names') return query('A')
  return scope === 'all' ? query('') : `(${query('')}) & !(${query('A')})`
}

/**
 * The matching, filtered product ids (`from`/`where` fragment shared by count and page). The index holds
 * published products only (reindexProducts drops the others), so products need not be joined.
 */
function matches(engine: Engine, filter: SearchFilter, scope: Scope = 'all') {
  const conditions = [sql`1 = 1`]
  if (filter.categoryIds) {
    conditions.push(
      filter.categoryIds.length === 0
        ? sql`1 = 0`
        : sql`f.product_id in (select product_id from category_assignments where category_id in (${sql.join(filter.categoryIds)}))`,
    )
  }
  if (filter.priceMinMinor !== undefined || filter.priceMaxMinor !== undefined) {
    const bounds = [sql`pr.product_id = f.product_id`, sql`pr.currency = ${filter.currency}`]
    if (filter.priceMinMinor !== undefined) bounds.push(sql`pr.effective_minor >= ${filter.priceMinMinor}`)
    if (filter.priceMaxMinor !== undefined) bounds.push(sql`pr.effective_minor <= ${filter.priceMaxMinor}`)
    bounds.push(sql`(pr.valid_from is null or pr.valid_from <= ${filter.now})`)
    bounds.push(sql`(pr.valid_until is null or pr.valid_until > ${filter.now})`)
    conditions.push(sql`exists (select 1 from prices pr where ${sql.join(bounds, sql` and `)})`)
  }
  const where = sql.join(conditions, sql` and `)
  if (engine === 'sqlite') {
    return {
      from: sql`search_fts f`,
      where: sql`search_fts match ${ftsExpression(filter, scope)} and ${where}`,
      rank: sql`bm25(search_fts, 0, 0, 10.0, 1.0)`,
      order: sql`asc`,
    }
  }
  return {
    from: sql`search_documents f, to_tsquery(${pgConfig(filter.language)}::regconfig, ${tsQuery(filter, scope)}) q`,
    where: sql`f.language = ${filter.language} and f.document @@ q and ${where}`,
    rank: sql`ts_rank(f.document, q)`,
    order: sql`desc`,
  }
}

/**
 * How many products match, counting at most `cap + 1` of them: an exact total when it is at most `cap`,
 * else `cap + 1` (the caller reports the total as not exhaustive). Counting stops early, so its cost is
 * bounded whatever the catalogue size.
 */
export async function countMatches(
  db: Db,
  engine: Engine,
  filter: SearchFilter,
  cap: number,
  scope: Scope = 'all',
): Promise<number> {
  const m = matches(engine, filter, scope)
  const { rows } = await sql<{ n: number }>`select count(*) as n
    from (select 1 as x from ${m.from} where ${m.where} limit ${cap + 1}) capped`.execute(db)
  return Number(rows[0]?.n ?? 0)
}

/**
 * One page of matches in rank order. Without a total riding along (a window function would make both
 * engines materialise and fully sort every match), the sort keeps only the top `offset + limit` rows.
 */
export async function findMatches(
  db: Db,
  engine: Engine,
  filter: SearchFilter,
  page: { offset: number; limit: number },
): Promise<string[]> {
  const m = matches(engine, filter)
  const { rows } = await sql<{ product_id: string }>`select f.product_id, ${m.rank} as rank
    from ${m.from} where ${m.where}
    order by rank ${m.order}, f.product_id limit ${page.limit} offset ${page.offset}`.execute(db)
  return rows.map((r) => r.product_id)
}

/**
 * One page of matches without scoring every match, for match sets too large to rank whole (more than the
 * count cap): the products whose name holds every query word first, then the others. Within each group
 * SQLite keeps the index order (rowid: no bm25, no sort, the read stops after the page); PostgreSQL ranks by
 * ts_rank (a top-N heap over the group, as before). docs/decisions/0007.
 */
export async function findMatchesByName(
  db: Db,
  engine: Engine,
  filter: SearchFilter,
  page: { offset: number; limit: number },
): Promise<string[]> {
  const first = await scopedPage(db, engine, filter, 'names', page)
  if (first.length === page.limit) return first
  // How many name matches lie before the rest begins: known from this page unless it started past them all.
  const inNames =
    first.length > 0 || page.offset === 0
      ? page.offset + first.length
      : await countMatches(db, engine, filter, page.offset, 'names')
  const rest = await scopedPage(db, engine, filter, 'rest', {
    offset: Math.max(0, page.offset - inNames),
    limit: page.limit - first.length,
  })
  return [...first, ...rest]
}

async function scopedPage(
  db: Db,
  engine: Engine,
  filter: SearchFilter,
  scope: Scope,
  page: { offset: number; limit: number },
): Promise<string[]> {
  const m = matches(engine, filter, scope)
  // PostgreSQL: ordering by product_id alone made it walk the primary key filtering every document.
  const order = engine === 'sqlite' ? sql`f.rowid` : sql`${m.rank} desc, f.product_id`
  const { rows } = await sql<{ product_id: string }>`select f.product_id
    from ${m.from} where ${m.where}
    order by ${order} limit ${page.limit} offset ${page.offset}`.execute(db)
  return rows.map((r) => r.product_id)
}

/**
 * SQLite never gathers planner statistics by itself; without them it may walk the `published` index
 * instead of the primary key for an id list. `PRAGMA optimize` (0x10000: also tables never analysed)
 * is cheap when nothing changed. PostgreSQL's autovacuum does this on its own.
 */
export async function refreshPlannerStatistics(db: Db, engine: Engine): Promise<void> {
  if (engine === 'sqlite') await sql`pragma optimize = 0x10002`.execute(db)
}
