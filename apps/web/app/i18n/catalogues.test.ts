import assert from 'node:assert/strict'
import { test } from 'node:test'
import * as account from './account.ts'
import * as admin from './admin.ts'
import * as cart from './cart.ts'
import * as catalogue from './catalogue.ts'
import * as checkout from './checkout.ts'
import * as confirmation from './confirmation.ts'
import * as consent from './consent.ts'
import * as deAccount from './de/account.ts'
import * as deCart from './de/cart.ts'
import * as deCatalogue from './de/catalogue.ts'
import * as deCheckout from './de/checkout.ts'
import * as deConfirmation from './de/confirmation.ts'
import * as deConsent from './de/consent.ts'
import * as deSearch from './de/search.ts'
import { de } from './de.ts'
import { en } from './en.ts'
import * as search from './search.ts'

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort()

function assertSameTexts(name: string, english: Record<string, string>, german: Record<string, string>) {
  assert.deepEqual(Object.keys(german).sort(), Object.keys(english).sort(), `${name}: en and de keys differ`)
  for (const [key, text] of Object.entries(english)) {
    assert.ok(text.trim() && german[key]?.trim(), `${name}: ${key} is empty`)
    assert.deepEqual(
      placeholders(german[key] ?? ''),
      placeholders(text),
      `${name}: ${key} placeholders differ`,
    )
  }
}

test('en and de have the same keys, none empty, with the same placeholders', () => {
  assertSameTexts('catalogue', en, de)
})

test('every area file has the same keys in en and de', () => {
  const areas = {
    account: [account.en, deAccount.de],
    admin: [admin.en, admin.de],
    cart: [cart.en, deCart.de],
    catalogue: [catalogue.en, deCatalogue.de],
    checkout: [checkout.en, deCheckout.de],
    confirmation: [confirmation.en, deConfirmation.de],
    consent: [consent.en, deConsent.de],
    search: [search.en, deSearch.de],
  } as const
  for (const [name, [english, german]] of Object.entries(areas)) assertSameTexts(name, english, german)
})
