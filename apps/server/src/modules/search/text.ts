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

/**
 * Text as stored in the SQLite index for a language: German is stemmed here (FTS5's porter tokenizer,
 * applied on top to every row, only knows English); other languages are left to the tokenizer.
 */
export function indexText(text: string, language: string): string {
  return language === 'de' ? words(text).map(germanStem).join(' ') : text
}

/** A query word in the form the SQLite index holds. */
export function queryWord(word: string, language: string): string {
  return language === 'de' ? germanStem(word) : word
}

const ALPHABET = [...'abcdefghijklmnopqrstuvwxyzäöüß0123456789']

/** Every string at Damerau-Levenshtein distance one (one letter deleted, inserted, replaced or swapped). */
export function editCandidates(word: string): string[] {
  const letters = [...word]
  const out = new Set<string>()
  for (let i = 0; i <= letters.length; i++) {
    const head = letters.slice(0, i).join('')
    const tail = letters.slice(i)
    if (tail.length > 0) out.add(head + tail.slice(1).join(''))
    if (tail.length > 1) out.add(head + tail[1] + tail[0] + tail.slice(2).join(''))
    for (const c of ALPHABET) {
      out.add(head + c + tail.join(''))
      if (tail.length > 0 && c !== tail[0]) out.add(head + c + tail.slice(1).join(''))
    }
  }
  out.delete(word)
  return [...out]
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
