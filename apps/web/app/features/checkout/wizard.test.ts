import assert from 'node:assert/strict'
import { test } from 'node:test'
import { cartTotalChanged, completeStep, editStep, NO_FLAGS, openStep } from './wizard.ts'

const all = { step1Done: true, step2Done: true, step3Done: true }

test('editing billing clears 1–3, shipping clears 2–3, payment clears 3', () => {
  assert.deepEqual(editStep(all, 1), NO_FLAGS)
  assert.deepEqual(editStep(all, 2), { step1Done: true, step2Done: false, step3Done: false })
  assert.deepEqual(editStep(all, 3), { step1Done: true, step2Done: true, step3Done: false })
})

test('the open step is the first not done in display order; phones show shipping first', () => {
  assert.equal(openStep(NO_FLAGS, false), 1)
  assert.equal(openStep(NO_FLAGS, true), 2)
  assert.equal(openStep(completeStep(NO_FLAGS, 2), true), 1)
  assert.equal(openStep(completeStep(NO_FLAGS, 1), false), 2)
  assert.equal(openStep(all, false), 4)
})

test('a cart total change returns to step 2', () => {
  assert.equal(openStep(cartTotalChanged(all), false), 2)
})
