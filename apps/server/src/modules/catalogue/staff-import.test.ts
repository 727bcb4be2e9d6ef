import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { insertCategory } from '../../platform/testing/fixtures.ts'
import { createTestDatabase, testEngines } from '../../platform/testing/test-db.ts'
import {
  catalogueRecordsBySku,
  newRecordIds,
  type RecordWrite,
  writeCatalogueRecords,
} from './staff-import.service.ts'

const UUID_V7 = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/

test('new record ids are version 7 UUIDs, unique and ascending within a call and across calls', () => {
  const first = newRecordIds(5000)
  const second = newRecordIds(3)
  const all = [...first, ...second]
  for (const id of all) assert.match(id, UUID_V7)
  assert.equal(new Set(all).size, all.length)
  assert.deepEqual([...all].sort(), all)
})

/** The catalogue's batch write of the CSV import (docs/decisions/0053, 0061): bulk statements per table. */
for (const { engine, skip } of testEngines()) {
  describe(`the catalogue's batch write on ${engine}`, { skip }, async () => {
    const { db } = await createTestDatabase(engine)
    await insertCategory(db, { id: 'lamps' })
    await insertCategory(db, { id: 'brass' })
    const record = (sku: string, id: string, name: string): RecordWrite => ({
      id,
      sku,
      published: true,
      taxCode: null,
      texts: [
        { language: 'de', name: `${name} (de)`, description: `Ein ${name}` },
        { language: 'en', name, description: `A ${name}` },
      ],
      prices: [{ currency: 'EUR', effectiveMinor: 900, originalMinor: 1100 }],
      categories: ['lamps'],
    })
    const [lampId, vaseId, cupId] = newRecordIds(3) as [string, string, string]

    test('creates products whole: row, texts, prices and category assignments', async () => {
      const changed = await writeCatalogueRecords(
        db,
        {
          creates: [
            { ...record('W-LAMP', lampId, 'Lamp'), stock: 5 },
            { ...record('W-VASE', vaseId, 'Vase'), stock: 7, published: false, taxCode: 'reduced' },
          ],
          updates: [],
          stocks: [],
        },
        new Date().toISOString(),
      )
      assert.equal(changed.size, 0)
      const found = await catalogueRecordsBySku(db, ['W-LAMP', 'W-VASE'])
      assert.deepEqual(found.get('W-LAMP'), {
        ...record('W-LAMP', lampId, 'Lamp'),
        stock: 5,
        hasVariants: false,
      })
      assert.equal(found.get('W-VASE')?.published, false)
      assert.equal(found.get('W-VASE')?.taxCode, 'reduced')
      assert.equal(found.get('W-VASE')?.stock, 7)
    })

    test('replaces what the file holds and sets each stock only where it is still the figure read', async () => {
      await writeCatalogueRecords(
        db,
        { creates: [{ ...record('W-CUP', cupId, 'Cup'), stock: 1 }], updates: [], stocks: [] },
        new Date().toISOString(),
      )
      const lamp: RecordWrite = {
        ...record('W-LAMP', lampId, 'Brass lamp'),
        published: false,
        taxCode: 'standard',
        texts: [{ language: 'en', name: 'Brass lamp', description: 'Polished' }],
        prices: [
          { currency: 'EUR', effectiveMinor: 950, originalMinor: 950 },
          { currency: 'USD', effectiveMinor: 1000, originalMinor: 1200 },
        ],
        categories: ['brass', 'lamps'],
      }
      const vase: RecordWrite = { ...record('W-VASE', vaseId, 'Tall vase'), published: true }
      const changed = await writeCatalogueRecords(
        db,
        {
          creates: [],
          updates: [lamp, vase],
          // The vase's stock was sold down to 6 meanwhile (the import read 7); the lamp's is still 5.
          stocks: [
            { id: lampId, expected: 5, stock: 50 },
            { id: vaseId, expected: 6, stock: 70 },
          ],
        },
        new Date().toISOString(),
      )
      assert.deepEqual([...changed], [vaseId])
      const found = await catalogueRecordsBySku(db, ['W-LAMP', 'W-VASE', 'W-CUP'])
      assert.deepEqual(found.get('W-LAMP'), { ...lamp, stock: 50, hasVariants: false })
      // A row whose stock moved is not written at all.
      assert.equal(found.get('W-VASE')?.stock, 7)
      assert.equal(found.get('W-VASE')?.published, false)
      assert.equal(found.get('W-VASE')?.texts[1]?.name, 'Vase')
      assert.deepEqual(found.get('W-CUP'), { ...record('W-CUP', cupId, 'Cup'), stock: 1, hasVariants: false })
    })
  })
}
