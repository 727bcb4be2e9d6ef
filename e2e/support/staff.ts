import type { Page } from 'playwright-core'
import { execSql } from './sql.ts'

let counter = 0

/** A signed-up customer (through the API), given a staff role in the database as `npm run owner` does. */
export async function account(
  shopUrl: string,
  databaseUrl: string,
  role: 'customer' | 'owner' | 'catalogue' | 'orders',
) {
  const email = `${role}.${process.pid}.${Date.now().toString(36)}.${counter++}@example.com`
  const password = 'correct horse battery'
  const res = await fetch(`${shopUrl}/api/auth/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password, firstName: 'Sam', lastName: 'Staff' }),
  })
  if (res.status !== 201) throw new Error(`signup ${res.status} ${await res.text()}`)
  const { accessToken } = (await res.json()) as { accessToken: string }
  if (role !== 'customer')
    await execSql(databaseUrl, [`update customers set role = '${role}' where email = '${email}'`])
  return { email, password, token: accessToken }
}

/** Signs in at /admin/sign-in with the labels of the page's language. */
export async function adminSignIn(
  page: Page,
  shopUrl: string,
  who: { email: string; password: string },
  labels: { email: string; password: string; submit: string },
) {
  await page.goto(`${shopUrl}/admin`)
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached' })
  await page.getByLabel(labels.email).fill(who.email)
  await page.getByLabel(labels.password).fill(who.password)
  await page.getByRole('button', { name: labels.submit }).click()
}

/** The four variants Red/Blue × S/M the variant journeys use, in the order the page lists them. */
export const TWO_BY_TWO = ['Red/S', 'Red/M', 'Blue/S', 'Blue/M']

/**
 * From a product's page (English labels): opens its variants page, gives it Colour (Red, Blue) and Size (S, M)
 * and generates the four variants of TWO_BY_TWO, waiting until each is listed.
 */
export async function generateTwoByTwo(
  page: Page,
  productName: string,
  labels: { variantsLink: string; generate: string; saved: string },
) {
  await page.getByRole('link', { name: labels.variantsLink }).click()
  await page.getByRole('heading', { level: 1, name: `Options and variants: ${productName}` }).waitFor()
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached' })
  await page.getByLabel('Option 1: name').fill('Colour')
  await page.getByLabel('Option 1: values, separated by commas').fill('Red, Blue')
  await page.getByLabel('Option 2: name').fill('Size')
  await page.getByLabel('Option 2: values, separated by commas').fill('S, M')
  await page.getByRole('button', { name: labels.generate }).click()
  await page.getByRole('status').filter({ hasText: labels.saved }).waitFor()
  for (const v of TWO_BY_TWO) await page.getByRole('button', { name: `Save ${v}` }).waitFor()
}
