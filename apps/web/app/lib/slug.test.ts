import assert from 'node:assert/strict'
import { test } from 'node:test'
import {
  categoryPath,
  idFromSegment,
  isCanonicalSegment,
  localizedPaths,
  productPath,
  slugify,
} from './slug.ts'

test('slugs are lowercase, hyphenated and transliterate every umlaut and ß', () => {
  assert.equal(slugify('Süße Äpfel und Öl'), 'suesse-aepfel-und-oel')
  assert.equal(slugify('  T-Shirts  Men '), 't-shirts-men')
})

test('category and product paths carry the id after a tilde; the id alone is read back', () => {
  assert.equal(categoryPath({ id: 'c-tshirts', name: 'T-Shirts', slug: 't-shirts' }), '/c/t-shirts~c-tshirts')
  assert.equal(productPath({ id: 'p1', name: 'Classic Tee' }), '/p/classic-tee~p1')
  assert.equal(idFromSegment('anything~c-1'), 'c-1')
  assert.equal(idFromSegment('no-tilde'), undefined)
  assert.ok(isCanonicalSegment('s%C3%BC~x', 's%C3%BC~x'))
})

test("the path in each language comes from the API's slugs; an id is encoded, a slug is used as sent", () => {
  assert.deepEqual(localizedPaths('c', 'c-accessories', { en: 'accessories', de: 'accessoires' }), {
    en: '/c/accessories~c-accessories',
    de: '/c/accessoires~c-accessories',
  })
  assert.deepEqual(localizedPaths('p', 'p 1', { en: 's%C3%BC' }), { en: '/p/s%C3%BC~p%201' })
  assert.deepEqual(localizedPaths('p', 'p1', undefined), {})
})
