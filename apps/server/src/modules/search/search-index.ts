import { stemOf, termsOf } from './text.ts'

/** Field weights: a term's posting carries the weight of the best field it is in (docs/decisions/0032). */
export const WEIGHTS = { name: 8, code: 6, category: 4, description: 1 } as const

/** What the index reads of one product in one language. */
export interface IndexSource {
  productId: string
  language: string
  name: string
  description: string
  code: string
  /** Names of its categories and of their parents, in the language. */
  categoryNames: string[]
}

export interface Posting {
  language: string
  term: string
  weight: number
  productId: string
}

/** The postings of one product in one language: each term once, with the weight of its best field. */
export function postingsOf(source: IndexSource): Posting[] {
  const best = new Map<string, number>()
  const add = (text: string, weight: number) => {
    for (const term of termsOf(text)) {
      if (term.length > 64) continue
      if ((best.get(term) ?? 0) < weight) best.set(term, weight)
    }
  }
  add(source.description, WEIGHTS.description)
  for (const name of source.categoryNames) add(name, WEIGHTS.category)
  add(source.code, WEIGHTS.code)
  // The whole code as one term too (CL-TEE-001 → cltee001), so a code typed without its dashes matches.
  add(termsOf(source.code).join(''), WEIGHTS.code)
  add(source.name, WEIGHTS.name)
  return [...best].map(([term, weight]) => ({
    language: source.language,
    term,
    weight,
    productId: source.productId,
  }))
}

/** A vocabulary row: the term, its stem in the language and how many products hold it. */
export interface TermRow {
  language: string
  term: string
  stem: string
  products: number
}

export const termRow = (language: string, term: string, products: number): TermRow => ({
  language,
  term,
  stem: stemOf(term, language),
  products,
})
