import assert from 'node:assert/strict'
import { test } from 'node:test'
import { forbiddenView } from './auth-error.ts'

test('a 403 is an alert for a customer and a sign-in for a visitor (spec §6)', () => {
  assert.equal(forbiddenView(true), 'not-authorized')
  assert.equal(forbiddenView(false), 'sign-in')
})
