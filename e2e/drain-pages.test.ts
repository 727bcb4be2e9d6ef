import assert from 'node:assert/strict'
import { once } from 'node:events'
import { after, describe, test } from 'node:test'
import { engines, startShop } from './support/shop.ts'

/**
 * A normal stop (SIGTERM, as a deploy sends) while pages are being rendered (docs/decisions/0017, 0089): every page
 * request the process admitted is answered whole, 200, although its render asks the API in-process after the
 * server began to close; the process exits 0.
 */
for (const { engine, skip } of engines) {
  describe(`a normal stop during page renders on ${engine}`, { skip }, () => {
    test('SIGTERM while 10 shoppers load product pages: every admitted page is whole, the exit is 0', async () => {
      const shop = await startShop(engine)
      after(() => shop.stop())
      const headers = { 'accept-language': 'en', currency: 'USD', 'site-code': 'us' }
      const [product] = (await (
        await fetch(`${shop.url}/api/catalogue/products?pageSize=1&q=published:true`, { headers })
      ).json()) as Array<{ id: string }>
      assert.ok(product)
      const first = await fetch(`${shop.url}/p/x~${product.id}`, { redirect: 'manual' })
      const path = first.headers.get('location') ?? `/p/x~${product.id}`

      const exit = once(shop.child, 'exit')
      const answers: Array<{ status: number; whole: boolean; afterSignal: boolean }> = []
      let signalled = false
      let next = 0
      const shopperLoop = async () => {
        for (;;) {
          const sentAfterSignal = signalled
          let res: Response
          try {
            // its own address: the page cache does not have it, so the page is rendered
            res = await fetch(`${shop.url}${path}?visit=${next++}`, { redirect: 'manual' })
          } catch {
            return // refused: the process no longer takes connections
          }
          const body = await res.text()
          answers.push({
            status: res.status,
            whole: body.trimEnd().endsWith('</html>'),
            afterSignal: signalled && !sentAfterSignal,
          })
          if (answers.length >= 20 && !signalled) {
            signalled = true
            shop.child.kill('SIGTERM')
          }
        }
      }
      await Promise.all(Array.from({ length: 10 }, shopperLoop))
      const [code] = await exit
      assert.equal(code, 0, 'a drained stop exits 0')
      const failed = answers.filter((a) => a.status !== 200 || !a.whole)
      assert.deepEqual(failed, [], 'every admitted page answered 200, whole')
      assert.ok(
        answers.some((a) => a.afterSignal),
        'some pages were being rendered when the signal came, and were answered after it',
      )
    })
  })
}
