import assert from 'node:assert/strict'
import { test } from 'node:test'
import fc from 'fast-check'
import { germanStem } from './german-stemmer.ts'
import { deletions, editDistance, fold, indexedDeletions, stemOf, termsOf, typoAllowance } from './text.ts'

test('German stems of the Snowball reference vocabulary', () => {
  const expected: Record<string, string> = {
    Taschen: 'tasch',
    Tasche: 'tasch',
    Häuser: 'haus',
    Haus: 'haus',
    Hemden: 'hemd',
    Kategorien: 'kategori',
    Kategorie: 'kategori',
    aufeinanderfolgenden: 'aufeinanderfolg',
    Freundlichkeit: 'freundlich',
    kräftig: 'kraftig',
    Gläser: 'glas',
    Straße: 'strass',
    Ergebnisse: 'ergebnis',
  }
  for (const [word, stem] of Object.entries(expected)) assert.equal(germanStem(word), stem, word)
})

test('terms are folded words; stems group the forms of a word in en and de', () => {
  assert.deepEqual(termsOf('Oxford-Hemd, 2 Stück, Straße'), ['oxford', 'hemd', '2', 'stuck', 'strasse'])
  const pairs: Array<[string, string]> = [
    ['shirts', 'shirt'],
    ['packs', 'pack'],
    ['boxes', 'box'],
    ['batteries', 'battery'],
    ['running', 'run'],
  ]
  for (const [a, b] of pairs) assert.equal(stemOf(a, 'en'), stemOf(b, 'en'), `${a} ~ ${b}`)
  assert.equal(stemOf('glass', 'en'), 'glass')
  assert.equal(stemOf(fold('Taschen'), 'de'), stemOf('tasche', 'de'))
  assert.equal(stemOf('shirts', 'fr'), 'shirts')
})

test('typo allowance: none below 4 letters, one from 4, two from 8, none with digits', () => {
  assert.deepEqual(['tee', 'shrt', 'shurtsss', 'g123'].map(typoAllowance), [0, 1, 2, 0])
})

test('a term within the allowance shares an indexed deletion with the query word', () => {
  const shared = (query: string, term: string) => {
    const indexed = new Set(indexedDeletions(term))
    return deletions(query, typoAllowance(query)).some((d) => indexed.has(d))
  }
  assert.ok(shared('shurt', 'shirt'))
  assert.ok(shared('backpakc', 'backpack'))
  assert.ok(shared('bakcpakc', 'backpack'))
  assert.ok(!shared('shxyzt', 'shirt'))
  fc.assert(
    fc.property(fc.stringMatching(/^[a-z]{4,10}$/), fc.stringMatching(/^[a-z]{3,10}$/), (q, t) => {
      if (editDistance(q, t) <= typoAllowance(q)) assert.ok(shared(q, t), `${q} ${t}`)
    }),
    { numRuns: 300 },
  )
})

test('edit distance is a metric with the textbook values', () => {
  assert.equal(editDistance('kitten', 'sitting'), 3)
  assert.equal(editDistance('ab', 'ba'), 1)
  assert.equal(editDistance('', 'abc'), 3)
  assert.equal(editDistance('tasche', 'taschen', 0), 1, 'stops early above the bound')
  fc.assert(
    fc.property(fc.string({ maxLength: 8 }), fc.string({ maxLength: 8 }), (a, b) => {
      const d = editDistance(a, b)
      assert.equal(d, editDistance(b, a))
      assert.equal(d === 0, a === b)
      assert.ok(d <= Math.max([...a].length, [...b].length))
    }),
  )
})
