import { type RawBuilder, sql } from 'kysely'
import type { Db } from '../../platform/db/database.ts'

/** A vocabulary term and how many products hold it. */
export interface TermCount {
  term: string
  products: number
}

/**
 * In one statement: every term of the language's vocabulary with one of the stems, and the terms starting
 * with the prefix (`prefixed`), a key range read in term order of at most `limit` rows, so a one-letter
 * prefix costs the same as a long one whatever the vocabulary size. A prefix without digits skips the terms
 * that continue it with a digit (product codes: "g" must not stand for g1 … g99999): ':' follows the digits.
 */
export async function vocabularyOf(
  db: Db,
  language: string,
  stems: string[],
  prefix: string,
  limit: number,
): Promise<Array<TermCount & { stem: string; prefixed: boolean }>> {
  const from = /\d/.test(prefix) ? prefix : `${prefix}:`
  const { rows } = await sql<
    TermCount & { stem: string; prefixed: number }
  >`select term, stem, products, 0 as prefixed
    from search_terms where language = ${language} and stem in (${sql.join([...new Set(stems)])})
    union all select * from (select term, stem, products, 1 as prefixed from search_terms
      where language = ${language} and term >= ${from} and term < ${`${prefix}\u{10ffff}`}
      order by term limit ${limit}) p`.execute(db)
  return rows.map((r) => ({ ...r, products: Number(r.products), prefixed: Number(r.prefixed) === 1 }))
}

/** Vocabulary terms indexed under any of the deletions (typo candidates, to be checked by edit distance). */
export async function termsOfDeletions(db: Db, language: string, variants: string[]): Promise<TermCount[]> {
  const { rows } = await sql<TermCount>`select distinct t.term, t.products from search_typos v
    join search_terms t on t.language = v.language and t.term = v.term
    where v.language = ${language} and v.variant in (${sql.join([...new Set(variants)])})`.execute(db)
  return rows.map((r) => ({ ...r, products: Number(r.products) }))
}

/** What a search asks of the index: per query word the terms it matches; every word must match. */
export interface MatchFilter {
  language: string
  words: string[][]
  /** Products of these categories only (already expanded with their subcategories). */
  categoryIds?: string[]
  /** Effective price bounds in minor units of `currency`. */
  priceMinMinor?: number
  priceMaxMinor?: number
  inStock?: boolean
  currency: string
  now: string
}

/**
 * The candidates of the driving word (the one fewest products hold): exhaustive, each product once with its
 * best weight; or bounded, the best `perTerm` postings of each of its terms (an index range read from the
 * heaviest field down), so the read does not grow with the catalogue (docs/decisions/0032).
 */
function driver(language: string, terms: string[], perTerm: number | undefined): RawBuilder<unknown> {
  if (perTerm === undefined) {
    return sql`select product_id, max(weight) as weight from search_postings
      where language = ${language} and term in (${sql.join(terms)}) group by product_id`
  }
  const reads = terms.map(
    (term, i) => sql`select * from (select product_id, weight from search_postings
      where language = ${language} and term = ${term}
      order by weight desc, product_id desc limit ${perTerm}) ${sql.raw(`t${i}`)}`,
  )
  return sql`select product_id, max(weight) as weight from (${sql.join(reads, sql` union all `)}) d
    group by product_id`
}

function conditions(filter: MatchFilter): RawBuilder<unknown> {
  const all = [sql`1 = 1`]
  if (filter.categoryIds) {
    all.push(
      filter.categoryIds.length === 0
        ? sql`1 = 0`
        : sql`c.product_id in (select product_id from category_assignments where category_id in (${sql.join(filter.categoryIds)}))`,
    )
  }
  if (filter.priceMinMinor !== undefined || filter.priceMaxMinor !== undefined) {
    const bounds = [sql`pr.product_id = c.product_id`, sql`pr.currency = ${filter.currency}`]
    if (filter.priceMinMinor !== undefined) bounds.push(sql`pr.effective_minor >= ${filter.priceMinMinor}`)
    if (filter.priceMaxMinor !== undefined) bounds.push(sql`pr.effective_minor <= ${filter.priceMaxMinor}`)
    bounds.push(sql`(pr.valid_from is null or pr.valid_from <= ${filter.now})`)
    bounds.push(sql`(pr.valid_until is null or pr.valid_until > ${filter.now})`)
    all.push(sql`exists (select 1 from prices pr where ${sql.join(bounds, sql` and `)})`)
  }
  if (filter.inStock) {
    all.push(sql`exists (select 1 from products p where p.id = c.product_id
      and (p.stock > 0 or exists (select 1 from variants v where v.product_id = p.id and v.stock > 0)))`)
  }
  return sql.join(all, sql` and `)
}

/**
 * One page of the matching products by score (the sum over the query words of the best field weight each
 * matched in), ties by id descending (the order of a term's postings in its key, so the best postings of each
 * term hold the best page of a one-word query), with the number of matches among the candidates read. The
 * other words are lookups per candidate on the product's postings (index search_postings_product).
 */
export async function findRanked(
  db: Db,
  filter: MatchFilter,
  page: { offset: number; limit: number },
  read: { driver: number; perTerm?: number },
): Promise<{ ids: string[]; total: number }> {
  const first = read.driver
  const others = filter.words.filter((_, i) => i !== first)
  const lookups = others.map(
    (terms, i) => sql`(select max(o.weight) from search_postings o where o.language = ${filter.language}
      and o.term in (${sql.join(terms)}) and o.product_id = c.product_id) as ${sql.raw(`s${i}`)}`,
  )
  const scored = sql`select c.product_id, c.weight${sql.join(
    lookups.map((l) => sql`, ${l}`),
    sql``,
  )} from (${driver(filter.language, filter.words[first] ?? [], read.perTerm)}) c where ${conditions(filter)}`
  const sum = sql.raw(['x.weight', ...others.map((_, i) => `x.s${i}`)].join(' + '))
  const matched = sql.raw(['1 = 1', ...others.map((_, i) => `x.s${i} is not null`)].join(' and '))
  const { rows } = await sql<{ product_id: string; total: number }>`select y.product_id, y.total from (
      select x.product_id, ${sum} as score, count(*) over () as total from (${scored}) x where ${matched}
    ) y order by y.score desc, y.product_id desc limit ${page.limit} offset ${page.offset}`.execute(db)
  if (rows.length > 0 || page.offset === 0) {
    return { ids: rows.map((r) => r.product_id), total: Number(rows[0]?.total ?? 0) }
  }
  const counted = await sql<{ n: number }>`select count(*) as n from (${scored}) x where ${matched}`.execute(
    db,
  )
  return { ids: [], total: Number(counted.rows[0]?.n ?? 0) }
}
