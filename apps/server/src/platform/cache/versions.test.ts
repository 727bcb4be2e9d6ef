import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { countingStatements } from '../testing/statements.ts'
import { createTestDatabase, testEngines } from '../testing/test-db.ts'
import { invalidate, versionsOf } from './versions.ts'

/**
 * The shared reader of the cache versions (docs/decisions/0080, 0082): callers of one turn of the event loop share
 * one statement, and a read asked for after a write committed always sees the write.
 */
for (const { engine, skip } of testEngines()) {
  describe(`cache versions on ${engine}`, { skip }, async () => {
    const { db } = await createTestDatabase(engine)

    test('the callers of one turn share one statement and one answer', async () => {
      const view = countingStatements(db)
      const reader = versionsOf(view.db)
      const answers = await Promise.all(Array.from({ length: 20 }, () => reader.read()))
      assert.equal(view.statements(), 1)
      for (const answer of answers) assert.deepEqual(answer, answers[0])
    })

    test('a read asked for after a write committed sees it, even with reads on their way', async () => {
      const reader = versionsOf(db)
      const before = await reader.read()
      const onTheirWay = [reader.read(), reader.read()]
      await invalidate(db, 'catalogue')
      const after = await reader.read()
      assert.equal(after.catalogue, before.catalogue + 1)
      assert.equal(after.settings, before.settings)
      await Promise.all(onTheirWay)
    })

    test('callers of later turns get reads of their own', async () => {
      const view = countingStatements(db)
      const reader = versionsOf(view.db)
      await reader.read()
      await reader.read()
      assert.equal(view.statements(), 2)
    })
  })
}
