/**
 * A light English stemmer for shop search: plural and verb endings only (shirts → shirt, boxes → box,
 * batteries → battery, running → run, washed → wash). Applied to indexed words and query words alike, so
 * it only has to be consistent, not linguistically complete (docs/decisions/0032-search-token-index.md).
 */
const VOWEL = /[aeiouy]/
const DOUBLE = /([bdfgklmnprt])\1$/

export function englishStem(word: string): string {
  if (word.length <= 3 || !/^[a-z]+$/.test(word)) return word
  let w = word
  if (w.endsWith('ies') && w.length > 4) w = `${w.slice(0, -3)}y`
  else if (w.endsWith('sses')) w = w.slice(0, -2)
  else if (/(x|ch|sh|z)es$/.test(w)) w = w.slice(0, -2)
  else if (w.endsWith('s') && !/(ss|us|is)$/.test(w)) w = w.slice(0, -1)
  for (const suffix of ['ing', 'ed']) {
    const rest = w.slice(0, -suffix.length)
    if (w.endsWith(suffix) && rest.length >= 3 && VOWEL.test(rest)) {
      w = DOUBLE.test(rest) ? rest.slice(0, -1) : rest
      break
    }
  }
  return w
}
