import assert from 'node:assert/strict'
import { test } from 'node:test'
import { formatMailMoney, mailLanguage } from './mail.texts.ts'

test('the mail language: the request’s, else the stored one, else en', () => {
  assert.equal(mailLanguage('de;q=1,en;q=0.5', 'en'), 'de')
  assert.equal(mailLanguage('fr, de;q=0.5', null), 'de')
  assert.equal(mailLanguage(undefined, 'de'), 'de')
  assert.equal(mailLanguage('fr', 'de'), 'de')
  assert.equal(mailLanguage('fr', 'xx'), 'en')
  assert.equal(mailLanguage(undefined, undefined), 'en')
})

test('amounts follow the language', () => {
  assert.equal(formatMailMoney(1234.5, 'EUR', 'en'), '€1,234.50')
  assert.equal(formatMailMoney(1234.5, 'EUR', 'de').replace(/\s/g, ' '), '1.234,50 €')
})
