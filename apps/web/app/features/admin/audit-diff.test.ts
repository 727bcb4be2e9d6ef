import assert from 'node:assert/strict'
import { test } from 'node:test'
import { diffEntry } from './audit-diff.ts'

test('only the changed fields, keyed by language and currency, old → new', () => {
  const before = {
    sku: 'A-1',
    published: true,
    texts: [
      { language: 'en', name: 'Tray', description: '' },
      { language: 'de', name: 'Tablett', description: '' },
    ],
    prices: [{ currency: 'USD', effectiveMinor: 4500, originalMinor: 4500 }],
  }
  const after = {
    ...before,
    published: false,
    // reordered: not a change by itself
    texts: [
      { language: 'de', name: 'Nussbaumtablett', description: '' },
      { language: 'en', name: 'Tray', description: '' },
    ],
    prices: [
      { currency: 'USD', effectiveMinor: 3950, originalMinor: 4500 },
      { currency: 'EUR', effectiveMinor: 4200, originalMinor: 4200 },
    ],
  }
  assert.deepEqual(diffEntry(before, after), [
    { field: 'published', before: 'true', after: 'false' },
    { field: 'texts[de].name', before: 'Tablett', after: 'Nussbaumtablett' },
    { field: 'prices[USD].effectiveMinor', before: '4500', after: '3950' },
    { field: 'prices[EUR].currency', before: null, after: 'EUR' },
    { field: 'prices[EUR].effectiveMinor', before: null, after: '4200' },
    { field: 'prices[EUR].originalMinor', before: null, after: '4200' },
  ])
})

test('a creation lists every field as new, a deletion every field as gone, a stock edit its figure', () => {
  assert.deepEqual(diffEntry(null, { sku: 'A', stock: 2 }), [
    { field: 'sku', before: null, after: 'A' },
    { field: 'stock', before: null, after: '2' },
  ])
  assert.deepEqual(diffEntry({ sku: 'A' }, null), [{ field: 'sku', before: 'A', after: null }])
  assert.deepEqual(diffEntry({ stock: 2 }, { stock: 7 }), [{ field: 'stock', before: '2', after: '7' }])
  assert.deepEqual(diffEntry({ a: 1 }, { a: 1 }), [])
})

test('slides by position, nested records by key, an emptied list says so', () => {
  const before = { slides: [{ link: '/a', alt: { en: 'A' } }], banner1: null }
  const after = { slides: [], banner1: { imageUrl: '/media/b.webp' } }
  assert.deepEqual(diffEntry(before, after), [
    { field: 'slides[0].link', before: '/a', after: null },
    { field: 'slides[0].alt.en', before: 'A', after: null },
    { field: 'banner1', before: 'null', after: null },
    { field: 'slides', before: null, after: '[]' },
    { field: 'banner1.imageUrl', before: null, after: '/media/b.webp' },
  ])
})
