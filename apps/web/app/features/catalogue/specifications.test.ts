import assert from 'node:assert/strict'
import { test } from 'node:test'
import { humanise, specLabel, specRows } from './specifications.ts'

test('values are plain strings or per-language objects with an English fallback', () => {
  const spec = { material: { en: 'Cotton', de: 'Baumwolle' }, weight: '180 g/m²', fit: { en: 'Regular' } }
  assert.deepEqual(
    specRows(spec, null, 'de').map((r) => [r.label, r.value]),
    [
      ['Material', 'Baumwolle'],
      ['Weight', '180 g/m²'],
      ['Fit', 'Regular'],
    ],
  )
})

test('labels come from the schema metadata when it names them, else from the key', () => {
  const metadata = { properties: { batteryLife: { title: { en: 'Battery life', de: 'Akkulaufzeit' } } } }
  assert.equal(specLabel(metadata, 'batteryLife', 'de'), 'Akkulaufzeit')
  assert.equal(specLabel(metadata, 'screen_size', 'de'), 'Screen size')
  assert.equal(humanise('batteryLife'), 'Battery life')
})
