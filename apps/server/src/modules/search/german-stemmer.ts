/**
 * The Snowball German stemmer (https://snowballstem.org/algorithms/german/stemmer.html), compact port.
 * Groups German words under their stems in the search index (docs/decisions/0032); applied to indexed terms and
 * query words alike.
 */
const VOWELS = 'aeiouyäöü'
const isVowel = (c: string | undefined) => c !== undefined && VOWELS.includes(c)
const S_ENDING = 'bdfghklmnrt'
const ST_ENDING = 'bdfghklmnt'

/** Start of the region after the first non-vowel following a vowel (Snowball's R1 before adjustment). */
function regionStart(word: string): number {
  for (let i = 1; i < word.length; i++) {
    if (!isVowel(word[i]) && isVowel(word[i - 1])) return i + 1
  }
  return word.length
}

export function germanStem(input: string): string {
  let word = input.toLowerCase().replace(/ß/g, 'ss')
  // u and y between vowels are consonants: mark them upper case.
  word = word.replace(/([aeiouyäöü])([uy])(?=[aeiouyäöü])/g, (_, v: string, c: string) => v + c.toUpperCase())
  if (word.length < 3) return finish(word)
  const r1Raw = regionStart(word)
  const r2s = regionStartAfter(word, r1Raw)
  const r1 = Math.max(r1Raw, 3)
  const inR1 = (suffix: string) => word.length - suffix.length >= r1
  const inR2 = (suffix: string) => word.length - suffix.length >= r2s
  const drop = (n: number) => {
    word = word.slice(0, word.length - n)
  }

  // Step 1
  const step1 = ['ern', 'em', 'er', 'en', 'es', 'e', 's'].find((s) => word.endsWith(s))
  if (step1 && inR1(step1)) {
    if (step1 === 's') {
      if (S_ENDING.includes(word[word.length - 2] ?? '')) drop(1)
    } else {
      drop(step1.length)
      if ((step1 === 'en' || step1 === 'es' || step1 === 'e') && word.endsWith('niss')) drop(1)
    }
  }
  // Step 2
  const step2 = ['est', 'en', 'er', 'st'].find((s) => word.endsWith(s))
  if (step2 && inR1(step2)) {
    if (step2 === 'st') {
      const before = word[word.length - 3] ?? ''
      if (ST_ENDING.includes(before) && word.length - 3 >= 3) drop(2)
    } else drop(step2.length)
  }
  // Step 3: derivational suffixes
  const step3 = ['isch', 'lich', 'heit', 'keit', 'end', 'ung', 'ig', 'ik'].find((s) => word.endsWith(s))
  if (step3 && inR2(step3)) {
    const rest = word.slice(0, word.length - step3.length)
    if (step3 === 'end' || step3 === 'ung') {
      drop(step3.length)
      if (word.endsWith('ig') && !word.endsWith('eig') && inR2('ig')) drop(2)
    } else if (step3 === 'ig' || step3 === 'ik' || step3 === 'isch') {
      if (!rest.endsWith('e')) drop(step3.length)
    } else if (step3 === 'lich' || step3 === 'heit') {
      drop(step3.length)
      if ((word.endsWith('er') || word.endsWith('en')) && inR1('er')) drop(2)
    } else if (step3 === 'keit') {
      drop(4)
      if (word.endsWith('lich') && inR2('lich')) drop(4)
      else if (word.endsWith('ig') && inR2('ig')) drop(2)
    }
  }
  return finish(word)
}

function regionStartAfter(word: string, r1: number): number {
  for (let i = r1 + 1; i < word.length; i++) {
    if (!isVowel(word[i]) && isVowel(word[i - 1])) return i + 1
  }
  return word.length
}

function finish(word: string): string {
  return word.toLowerCase().replace(/ä/g, 'a').replace(/ö/g, 'o').replace(/ü/g, 'u')
}
