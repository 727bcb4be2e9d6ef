import assert from 'node:assert/strict'
import { test } from 'node:test'
import { acceptedLanguages, pickLanguage } from './accept-language.ts'

test('pickLanguage takes the best weighted supported language', () => {
  assert.equal(pickLanguage('de;q=1,en;q=0.5', ['en', 'de']), 'de')
  assert.equal(pickLanguage('en;q=0.5,de', ['en', 'de']), 'de')
  assert.equal(pickLanguage('de-CH,fr', ['en', 'de']), 'de')
  assert.equal(pickLanguage('fr,it;q=0.8', ['en', 'de']), undefined)
  assert.equal(pickLanguage('de;q=0,en', ['en', 'de']), 'en')
  assert.equal(pickLanguage(undefined, ['en']), undefined)
})

test('Accept-Language: best quality first, region dropped, q=0 excluded, junk ignored', () => {
  assert.deepEqual(acceptedLanguages('de;q=1,en;q=0.5'), ['de', 'en'])
  assert.deepEqual(acceptedLanguages('en;q=0.3, de-AT, fr;q=0.8'), ['de', 'fr', 'en'])
  assert.deepEqual(acceptedLanguages('de;q=0, en'), ['en'])
  assert.deepEqual(acceptedLanguages(';;,  ,q=x'), [])
  assert.deepEqual(acceptedLanguages(undefined), [])
})
