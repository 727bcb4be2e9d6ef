import assert from 'node:assert/strict'
import { test } from 'node:test'
import { consentChoiceFrom, fromAnotherSite, returnPath } from './consent-choice.ts'

test('only the two buttons are choices', () => {
  assert.equal(consentChoiceFrom('accept'), 'accept')
  assert.equal(consentChoiceFrom('decline'), 'decline')
  assert.equal(consentChoiceFrom(null), null)
  assert.equal(consentChoiceFrom('Accept'), null)
  assert.equal(consentChoiceFrom(''), null)
})

test('the way back stays on this shop', () => {
  assert.equal(returnPath('/p/x~p-glass-jar?lang=de'), '/p/x~p-glass-jar?lang=de')
  assert.equal(returnPath(null), '/')
  assert.equal(returnPath('https://evil.example/'), '/')
  assert.equal(returnPath('//evil.example/'), '/')
  assert.equal(returnPath('/\\evil.example/'), '/')
})

test('a post from another site is refused, one from the shop or without browser headers is not', () => {
  const shop = 'https://shop.example'
  const from = (headers: Record<string, string>) => fromAnotherSite(new Headers(headers), shop)
  assert.equal(from({ 'sec-fetch-site': 'cross-site', origin: 'https://evil.example' }), true)
  assert.equal(from({ 'sec-fetch-site': 'same-origin', origin: shop }), false)
  assert.equal(from({ origin: 'https://evil.example' }), true)
  assert.equal(from({ origin: 'null' }), true)
  assert.equal(from({ origin: shop }), false)
  assert.equal(from({}), false)
})
