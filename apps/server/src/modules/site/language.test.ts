import assert from 'node:assert/strict'
import { test } from 'node:test'
import { pickLanguage } from './language.ts'

test('pickLanguage takes the best weighted supported language', () => {
  assert.equal(pickLanguage('de;q=1,en;q=0.5', ['en', 'de']), 'de')
  assert.equal(pickLanguage('en;q=0.5,de', ['en', 'de']), 'de')
  assert.equal(pickLanguage('de-CH,fr', ['en', 'de']), 'de')
  assert.equal(pickLanguage('fr,it;q=0.8', ['en', 'de']), undefined)
  assert.equal(pickLanguage('de;q=0,en', ['en', 'de']), 'en')
  assert.equal(pickLanguage(undefined, ['en']), undefined)
})
