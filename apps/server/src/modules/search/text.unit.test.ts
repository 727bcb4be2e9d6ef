import assert from 'node:assert/strict'
import { test } from 'node:test'
import fc from 'fast-check'
import { germanStem } from './german-stemmer.ts'
import { editCandidates, editDistance, indexText, words } from './text.ts'

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

test('German index text is stemmed, English text is left to the tokenizer', () => {
  assert.equal(indexText('Viele Taschen, für alles!', 'de'), 'viel tasch fur all')
  assert.equal(indexText('Many bags', 'en'), 'Many bags')
  assert.deepEqual(words('Oxford-Hemd, 2 Stück'), ['oxford', 'hemd', '2', 'stück'])
})

test('edit candidates are exactly the strings at distance one', () => {
  const candidates = editCandidates('shurt')
  for (const c of ['shirt', 'hurt', 'shurts', 'suhrt']) assert.ok(candidates.includes(c), c)
  assert.ok(!candidates.includes('shurt'))
  assert.ok(!candidates.includes('short'.replace('o', 'oo')))
  for (const c of candidates) assert.equal(editDistance('shurt', c), 1, c)
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
  fc.assert(
    fc.property(fc.stringMatching(/^[a-zäöü]{1,7}$/), (w) => {
      for (const c of editCandidates(w)) assert.equal(editDistance(w, c), 1)
    }),
    { numRuns: 30 },
  )
})
