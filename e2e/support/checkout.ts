import assert from 'node:assert/strict'
import type { Page } from 'playwright-core'
import { type Translate, translator } from '../../apps/web/app/i18n/all.ts'
import type { RunningShop } from './shop.ts'

/**
 * The checkout wizard as a shopper fills it, shared by the checkout journeys. Labels come from the storefront's
 * catalogue, so the same steps run in English and German (`t` defaults to English).
 */
const en = translator('en')

export const JAR = { id: 'p-glass-jar', name: 'Glass Storage Jar 1 l' } // 12.00 USD
export const CARDS = {
  ok: '4242 4242 4242 4242',
  declined: '4000 0000 0000 0002',
  noFunds: '4000 0000 0000 9995',
}
const nextYear = String(new Date().getFullYear() + 1)

export const step = (page: Page, n: number) => page.locator(`#step${n}`)
export const cont = (page: Page, n: number, t: Translate = en) =>
  step(page, n).getByRole('button', { name: t('CONTINUE_STEP') })

export async function ready(page: Page, url: string) {
  await page.goto(url)
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached' })
}

export async function addJar(page: Page, shop: RunningShop, quantity = 1, t: Translate = en) {
  await ready(page, `${shop.url}/p/x~${JAR.id}`)
  await page.getByRole('textbox', { name: t('QUANTITY'), exact: true }).fill(String(quantity))
  await page.getByRole('button', { name: t('ADD_TO_CART') }).click()
  await page
    .getByRole('status')
    .filter({ hasText: `${quantity} ${t('PRODUCTS_ADDED_TO_CART')}` })
    .waitFor()
}

export async function fillBilling(page: Page, guest: boolean, t: Translate = en) {
  const s = step(page, 1)
  await s.getByLabel(t('FIRST_NAME')).fill('Ada')
  await s.getByLabel(t('LAST_NAME')).fill('Lovelace')
  if (guest) {
    await s.getByLabel(t('EMAIL'), { exact: true }).fill('ada@example.com')
    await s.getByLabel(t('EMAIL_CONFIRM')).fill('ada@example.com')
  }
  await cont(page, 1, t).click()
}

export async function fillShipping(page: Page, t: Translate = en, zipCode = '62701') {
  const s = step(page, 2)
  await s.getByLabel(t('COUNTRY')).selectOption('US')
  await s.getByLabel(t('CONTACT_NAME')).fill('Ada Lovelace')
  await s.getByLabel(t('STREET')).fill('1 Analytical Way')
  await s.getByLabel(t('CITY')).fill('Springfield')
  await s.getByLabel(t('US_STATE'), { exact: true }).selectOption('IL')
  await s.getByLabel(t('ZIP')).fill(zipCode)
  assert.notEqual(
    await s.getByLabel(t('SHIPPING_METHOD')).inputValue(),
    '',
    'the cheapest method is pre-selected',
  )
  await cont(page, 2, t).click()
}

export async function fillCard(page: Page, number: string, t: Translate = en) {
  const s = step(page, 3)
  await s.getByLabel(t('CARD_NUMBER')).fill(number)
  await s.getByLabel(t('EXPIRY_MONTH')).selectOption('12')
  await s.getByLabel(t('EXPIRY_YEAR')).selectOption(nextYear)
  await s.getByLabel(t('CVC')).fill('123')
  await cont(page, 3, t).click()
}

/** Steps 1 and 2 in the order the viewport shows them (phones: shipping first). */
export async function addressSteps(page: Page, phone: boolean, guest = true, t: Translate = en) {
  if (phone) {
    await fillShipping(page, t)
    await fillBilling(page, guest, t)
  } else {
    await fillBilling(page, guest, t)
    await fillShipping(page, t)
  }
}

export async function toReview(page: Page, phone: boolean, card = CARDS.ok, guest = true) {
  await addressSteps(page, phone, guest)
  await fillCard(page, card)
  await step(page, 4).getByTestId('review-total').waitFor()
}

export const placeOrder = (page: Page, t: Translate = en) =>
  step(page, 4).getByRole('button', { name: t('PLACE_ORDER') })

export async function orderIdFromUrl(page: Page) {
  await page.waitForURL(/\/confirmation\/order\//, { timeout: 20_000 })
  return decodeURIComponent(new URL(page.url()).pathname.split('/').filter(Boolean)[2] ?? '')
}
