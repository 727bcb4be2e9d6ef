import { englishStem } from './english-stemmer.ts'
import { germanStem } from './german-stemmer.ts'

/** Words of a text: letters and digits, lower case, NFC; anything else separates. */
export function words(text: string): string[] {
  return (
    text
      .normalize('NFC')
      .toLowerCase()
      .match(/[\p{L}\p{N}]+/gu) ?? []
  )
}

/** A word as the index holds it: lower case, accents and umlauts folded (ä → a, é → e), ß → ss. */
export function fold(word: string): string {
  return word.normalize('NFD').replace(/\p{M}/gu, '').replace(/ß/g, 'ss').toLowerCase()
}

/** Index terms of a text: its words, folded. */
export const termsOf = (text: string): string[] => words(text).map(fold)

/** The stem a term is grouped under in a language: a query word matches every term of its stem. */
export function stemOf(term: string, language: string): string {
  if (language === 'de') return fold(germanStem(term))
  if (language === 'en') return englishStem(term)
  return term
}

/** Wrong letters forgiven in a query word: none below 4 letters, one from 4, two from 8; none with digits. */
export function typoAllowance(word: string): number {
  if (!/^\p{L}+$/u.test(word)) return 0
  const length = [...word].length
  return length >= 8 ? 2 : length >= 4 ? 1 : 0
}

/**
 * The word with up to `max` letters deleted (itself included). Two words within `max` edits share such a
 * deletion (symmetric deletion), so the vocabulary's deletions find typo candidates by lookups alone.
 */
export function deletions(word: string, max: number): string[] {
  const out = new Set([word])
  let level = [word]
  for (let d = 0; d < max; d++) {
    const next: string[] = []
    for (const w of level) {
      const letters = [...w]
      if (letters.length <= 1) continue
      for (let i = 0; i < letters.length; i++) {
        const v = letters.slice(0, i).join('') + letters.slice(i + 1).join('')
        if (!out.has(v)) {
          out.add(v)
          next.push(v)
        }
      }
    }
    level = next
  }
  return [...out]
}

/** Deletions a vocabulary term is indexed under: enough for any query word allowed to reach it. */
export function indexedDeletions(term: string): string[] {
  if (!/^\p{L}+$/u.test(term)) return []
  const length = [...term].length
  // A query of 4–7 letters (one edit) reaches terms of 3+ letters, one of 8+ (two edits) terms of 6+.
  return length >= 6 ? deletions(term, 2) : length >= 3 ? deletions(term, 1) : []
}

/** Optimal string alignment distance (edits and adjacent swaps), stopping early above `max`. */
export function editDistance(a: string, b: string, max = Number.POSITIVE_INFINITY): number {
  const x = [...a]
  const y = [...b]
  if (Math.abs(x.length - y.length) > max) return max + 1
  let prev2: number[] = []
  let prev = Array.from({ length: y.length + 1 }, (_, j) => j)
  for (let i = 1; i <= x.length; i++) {
    const row = [i]
    let best = i
    for (let j = 1; j <= y.length; j++) {
      const cost = x[i - 1] === y[j - 1] ? 0 : 1
      let v = Math.min((prev[j] ?? 0) + 1, (row[j - 1] ?? 0) + 1, (prev[j - 1] ?? 0) + cost)
      if (i > 1 && j > 1 && x[i - 1] === y[j - 2] && x[i - 2] === y[j - 1])
        v = Math.min(v, (prev2[j - 2] ?? 0) + 1)
      row.push(v)
      best = Math.min(best, v)
    }
    if (best > max) return max + 1
    prev2 = prev
    prev = row
  }
  return prev[y.length] ?? 0
}
