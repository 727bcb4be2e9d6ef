import assert from 'node:assert/strict'
import { test } from 'node:test'
import { statisticsOutgrown } from './import-statistics.rules.ts'

test('statistics are outgrown when the import has doubled the catalogue, never for less than the minimum', () => {
  assert.equal(statisticsOutgrown(50, 499, 500), false)
  assert.equal(statisticsOutgrown(50, 500, 500), true)
  assert.equal(statisticsOutgrown(550, 500, 500), false)
  assert.equal(statisticsOutgrown(550, 550, 500), true)
  assert.equal(statisticsOutgrown(100_000, 10_000, 500), false)
  assert.equal(statisticsOutgrown(0, 0, 500), false)
})

test('an import into a small shop refreshes at each doubling: a few times, not at every chunk', () => {
  let size = 50
  let since = 0
  const refreshedAt: number[] = []
  for (let chunk = 0; chunk < 20; chunk++) {
    since += 500
    if (statisticsOutgrown(size, since, 500)) {
      size += since
      since = 0
      refreshedAt.push(size)
    }
  }
  assert.deepEqual(refreshedAt, [550, 1550, 3550, 7550])
})
