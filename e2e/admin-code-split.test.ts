import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { after, before, describe, test } from 'node:test'
import { pathToFileURL } from 'node:url'
import { type RunningShop, startShop } from './support/shop.ts'

/**
 * The back office is code-split from the shop (docs/decisions/0046-admin-web.md): a shopper's product page
 * loads no chunk that only the /admin routes use, its first-load JavaScript is exactly what the shop's own
 * routes (entry, root, product) import and the texts of the page's language (docs/decisions/0071), and none of
 * those files holds back-office code.
 */
interface RouteAssets {
  id: string
  module: string
  imports?: string[]
  css?: string[]
}
interface Manifest {
  entry: { module: string; imports: string[] }
  routes: Record<string, RouteAssets>
}

const buildDir = resolve(import.meta.dirname, '..', process.env.WEB_BUILD_DIR ?? 'apps/web/build')
const filesOf = (r: { module: string; imports?: string[]; css?: string[] }) => [
  r.module,
  ...(r.imports ?? []),
  ...(r.css ?? []),
]
const ADMIN_MARKERS = ['/api/owner/', 'STAFF_SIGN_IN', 'Staff sign-in', 'admin-signin']

/** The chunk of a language's texts and what it imports, from the client build's Vite manifest. */
function textChunks(language: string): string[] {
  const vite = JSON.parse(readFileSync(`${buildDir}/client/.vite/manifest.json`, 'utf8')) as Record<
    string,
    { file: string; imports?: string[] }
  >
  const files = (key: string): string[] => {
    const chunk = vite[key]
    return chunk ? [`/${chunk.file}`, ...(chunk.imports ?? []).flatMap(files)] : []
  }
  return files(`app/i18n/${language}.ts`)
}

/** Every asset a page's HTML names: scripts, module preloads, stylesheets and the inline route imports. */
function referenced(html: string): Set<string> {
  const found = new Set<string>()
  for (const m of html.matchAll(/(?:src|href)="(\/assets\/[^"]+)"/g)) if (m[1]) found.add(m[1])
  for (const m of html.matchAll(/import\(?\s*["'](\/assets\/[^"']+)["']/g)) if (m[1]) found.add(m[1])
  return found
}

describe('the back office is code-split from the shop', () => {
  let shop: RunningShop
  let manifest: Manifest
  before(async () => {
    manifest = ((await import(pathToFileURL(`${buildDir}/server/index.js`).href)) as { assets: Manifest })
      .assets
    shop = await startShop('sqlite')
  })
  after(() => shop?.stop())

  const split = () => {
    const routes = Object.values(manifest.routes)
    const admin = routes.filter((r) => r.id.startsWith('routes/admin/'))
    const shopFiles = new Set([
      ...filesOf({ module: manifest.entry.module, imports: manifest.entry.imports }),
      ...routes.filter((r) => !r.id.startsWith('routes/admin/')).flatMap(filesOf),
    ])
    return { adminOnly: new Set(admin.flatMap(filesOf).filter((f) => !shopFiles.has(f))), admin }
  }
  const page = async (path: string) => {
    const res = await fetch(`${shop.url}${path}`, { headers: { 'accept-language': 'en' } })
    assert.equal(res.status, 200, path)
    return res.text()
  }

  test('the back office has chunks of its own, and its sign-in page loads them (the check can see them)', async () => {
    const { adminOnly, admin } = split()
    assert.ok(admin.length >= 4, 'the admin routes are in the build')
    assert.ok(adminOnly.size >= admin.length, [...adminOnly].join())
    const signIn = referenced(await page('/admin/sign-in'))
    assert.ok(
      [...signIn].some((f) => adminOnly.has(f)),
      'the sign-in page names an admin chunk',
    )
  })

  test('a product page names no admin chunk; its first-load JS is entry + root + product + its texts, no admin code', async () => {
    const { adminOnly } = split()
    const html = await page('/p/x~p-classic-tee')
    const files = referenced(html)
    assert.deepEqual(
      [...files].filter((f) => adminOnly.has(f)),
      [],
    )
    const product = manifest.routes['routes/product']
    const root = manifest.routes.root
    assert.ok(product && root)
    const expected = new Set(
      [
        manifest.entry.module,
        ...manifest.entry.imports,
        ...filesOf(root),
        ...filesOf(product),
        ...textChunks('en'),
      ].filter((f) => f.endsWith('.js')),
    )
    assert.ok(
      textChunks('en').length > 0 && textChunks('en').every((f) => files.has(f)),
      'the texts are preloaded',
    )
    const loaded = [...files].filter((f) => f.endsWith('.js'))
    assert.deepEqual(
      loaded.sort(),
      [...expected].sort(),
      'the first-load JS is the shop routes’ own, nothing more',
    )
    for (const file of loaded) {
      const source = await (await fetch(`${shop.url}${file}`)).text()
      for (const marker of ADMIN_MARKERS) assert.ok(!source.includes(marker), `${file} holds ${marker}`)
    }
  })
})
