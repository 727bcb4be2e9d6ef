import assert from 'node:assert/strict'
import { test } from 'node:test'
import { HOVER_TOLERANCE, isNear } from './hover-open.ts'

test('the submenu tolerance is 75 px around its box (spec §9)', () => {
  const box = { left: 100, right: 300, top: 50, bottom: 250 }
  assert.equal(HOVER_TOLERANCE, 75)
  assert.equal(isNear(box, 200, 100, 75), true)
  assert.equal(isNear(box, 375, 100, 75), true)
  assert.equal(isNear(box, 376, 100, 75), false)
  assert.equal(isNear(box, 300 + 50, 250 + 50, 75), true)
  assert.equal(isNear(box, 300 + 60, 250 + 60, 75), false)
})
