import type { Db } from '../../platform/db/database.ts'
import { type TermCount, termsOfDeletions, vocabularyOf } from './search.repository.ts'
import { deletions, editDistance, fold, stemOf, typoAllowance } from './text.ts'

/**
 * A driving word whose terms hold more postings than this is read bounded: the best postings of each term
 * only, about this many in all (docs/decisions/0032).
 */
export const DRIVER_POSTINGS = 2000
/**
 * Vocabulary terms of a prefix read; a prefix stands for all of them when they hold at most DRIVER_POSTINGS
 * postings in all (every match is then read anyway), else for the PREFIX_TERMS most held.
 */
const PREFIX_READ = 500
const PREFIX_TERMS = 24

/** A query word and the vocabulary terms it matches, with how many postings those hold in all. */
export interface WordMatch {
  word: string
  terms: string[]
  postings: number
  /** The most products one of its terms holds: at least this many products match the word. */
  most: number
  /** The last word, matched also as the beginning of a term. */
  prefix: boolean
}

const match = (word: string, prefix: boolean, found: TermCount[]): WordMatch => {
  const unique = new Map(found.map((t) => [t.term, t.products]))
  return {
    word,
    terms: [...unique.keys()],
    postings: [...unique.values()].reduce((a, b) => a + b, 0),
    most: Math.max(0, ...unique.values()),
    prefix,
  }
}

/**
 * Each word's terms as typed: the terms of its stem (shirts → shirt, Taschen → Tasche) and, for the last
 * word, the terms it begins (shir → shirt, shirts; the most held ones for a broad prefix): one statement
 * whatever the words.
 */
export async function strictTerms(db: Db, language: string, queryWords: string[]): Promise<WordMatch[]> {
  const folded = queryWords.map(fold)
  const last = folded.length - 1
  const stems = folded.map((w) => stemOf(w, language))
  const vocabulary = await vocabularyOf(db, language, stems, folded[last] ?? '', PREFIX_READ)
  const byStem = vocabulary.filter((t) => !t.prefixed)
  const prefixed = vocabulary
    .filter((t) => t.prefixed)
    .sort((a, b) => b.products - a.products || (a.term < b.term ? -1 : 1))
  const held = prefixed.reduce((n, t) => n + t.products, 0)
  const top = held <= DRIVER_POSTINGS ? prefixed : prefixed.slice(0, PREFIX_TERMS)
  return folded.map((word, i) =>
    match(word, i === last, [
      ...byStem.filter((t) => t.stem === stems[i] || t.term === word),
      ...(i === last ? top : []),
    ]),
  )
}

/**
 * The words no term matched, widened to the vocabulary terms within their typo allowance (one wrong, missing,
 * extra or swapped letter from 4 letters, two from 8): candidates by symmetric deletion (lookups on an
 * index, a few dozen keys per word), then checked by edit distance. Undefined when some word stays unmatched.
 */
export async function typoTerms(
  db: Db,
  language: string,
  strict: WordMatch[],
): Promise<WordMatch[] | undefined> {
  const out: WordMatch[] = []
  let widened = false
  for (const m of strict) {
    const allowance = typoAllowance(m.word)
    if (m.terms.length > 0 || allowance === 0) {
      out.push(m)
      continue
    }
    const candidates = await termsOfDeletions(db, language, deletions(m.word, allowance))
    const near = candidates.filter((c) => editDistance(m.word, c.term, allowance) <= allowance)
    if (near.length === 0) return undefined
    widened = true
    out.push(match(m.word, false, near))
  }
  return widened ? out : undefined
}
