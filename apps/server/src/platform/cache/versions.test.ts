import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { countingStatements } from '../testing/statements.ts'
import { createTestDatabase, testEngines } from '../testing/test-db.ts'
import { answered, arrive } from './arrival.ts'
import { invalidate, versionsOf } from './versions.ts'

/** Runs `work` as a request that arrives now (docs/decisions/0092). */
const inRequest = <T>(work: () => Promise<T>) =>
  new Promise<T>((resolve, reject) => arrive(() => void work().then(resolve, reject)))
const nextTurn = () => new Promise((resolve) => setImmediate(resolve))

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

    test('within a request, one read that started after it arrived stands for all of its reads', async () => {
      const view = countingStatements(db)
      const reader = versionsOf(view.db)
      await inRequest(async () => {
        const first = await reader.read()
        await nextTurn()
        assert.deepEqual(await reader.read(), first)
        await nextTurn()
        await reader.read()
      })
      assert.equal(view.statements(), 1)
    })

    test("a request made in-process while serving another (a page's API call) shares the outer one's reads", async () => {
      const view = countingStatements(db)
      const reader = versionsOf(view.db)
      await inRequest(async () => {
        await reader.read()
        await nextTurn()
        await inRequest(() => reader.read())
        await Promise.all([inRequest(() => reader.read()), inRequest(() => reader.read())])
      })
      assert.equal(view.statements(), 1)
      // A page whose action wrote through an in-process call: the page's later calls see the write.
      await inRequest(async () => {
        const before = await reader.read()
        await inRequest(() => invalidate(db, 'settings'))
        assert.equal((await inRequest(() => reader.read())).settings, before.settings + 1)
      })
    })

    test('a request that arrived after a read started reads again, and sees what committed before it came', async () => {
      const view = countingStatements(db)
      const reader = versionsOf(view.db)
      const before = await inRequest(() => reader.read())
      await invalidate(db, 'catalogue')
      const later = await inRequest(() => reader.read())
      assert.equal(later.catalogue, before.catalogue + 1)
      assert.equal(view.statements(), 2)
    })

    test('a request that wrote a scope, or was answered, reads afresh from then on', async () => {
      const reader = versionsOf(countingStatements(db).db)
      await inRequest(async () => {
        const before = await reader.read()
        await invalidate(db, 'settings')
        assert.equal((await reader.read()).settings, before.settings + 1)
      })
      await inRequest(async () => {
        const before = await reader.read()
        answered()
        // Another process writes after the answer; work the request left running must see it.
        await invalidate(countingStatements(db).db, 'settings')
        assert.equal((await reader.read()).settings, before.settings + 1)
      })
    })
  })
}
