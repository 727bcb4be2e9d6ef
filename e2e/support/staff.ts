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
