import assert from 'node:assert/strict'
import { test } from 'node:test'
import { analyze } from './analyze.ts'

const M = 'apps/server/src/modules'
const P = 'apps/server/src/platform'

/** The violations of one rule as `file:line message`-less keys, for small fixture projects. */
function found(rule: string, files: Record<string, string>): string[] {
  return analyze(new Map(Object.entries(files)), undefined)
    .violations.filter((v) => v.rule === rule)
    .map((v) => `${v.file}:${v.line}`)
}

test('1. a table written by two owners is reported at each owner', () => {
  const files = {
    [`${M}/cart/cart.repository.ts`]: "db.updateTable('carts')",
    [`${M}/checkout/checkout.repository.ts`]: '\n\nawait sql`update carts set x = 1`.execute(db)',
    [`${P}/auth/tokens.ts`]: "db.insertInto('access_tokens')",
  }
  assert.deepEqual(found('table-owner', files), [
    `${M}/cart/cart.repository.ts:1`,
    `${M}/checkout/checkout.repository.ts:3`,
  ])
})

test('1. tests, migrations and the demo seed may write any table', () => {
  const files = {
    [`${M}/cart/cart.repository.ts`]: "db.updateTable('carts')",
    [`${M}/checkout/checkout.test.ts`]: "db.updateTable('carts')",
    [`${M}/order/order.testing.ts`]: "db.updateTable('carts')",
    [`${P}/testing/fixtures.ts`]: "db.updateTable('carts')",
    [`${P}/db/migrations/0001-initial.ts`]: "db.insertInto('carts')",
    'demo/seed.ts': "trx.insertInto('carts')",
  }
  assert.deepEqual(found('table-owner', files), [])
})

test('1. a dynamic write needs a // writes: comment, and the comment counts as writes', () => {
  const code = `export const wipe = (t: string) => sql\`delete from \${sql.table(t)}\``
  assert.deepEqual(found('dynamic-write', { [`${M}/search/search.repository.ts`]: code }), [
    `${M}/search/search.repository.ts:1`,
  ])
  const declared = {
    [`${M}/search/search.repository.ts`]: `// writes: search_fts\n${code}`,
    [`${M}/catalogue/product.repository.ts`]: "db.deleteFrom('search_fts')",
  }
  assert.deepEqual(found('dynamic-write', declared), [])
  assert.equal(found('table-owner', declared).length, 2)
})

test('2. a module reaches another only through its *.service.ts or *.rules.ts', () => {
  const files = {
    [`${M}/cart/cart.service.ts`]: [
      "import { a } from '../coupon/coupon.service.ts'",
      "import { b } from '../coupon/coupon.rules.ts'",
      "import type { C } from '../coupon/coupon.repository.ts'",
      "import { d } from './cart.repository.ts'",
      "import { e } from '../../platform/db/database.ts'",
    ].join('\n'),
    [`${M}/cart/cart.test.ts`]: "import { f } from '../coupon/coupon.repository.ts'",
    [`${M}/coupon/coupon.service.ts`]: '',
    [`${M}/coupon/coupon.rules.ts`]: '',
    [`${M}/coupon/coupon.repository.ts`]: '',
    [`${M}/cart/cart.repository.ts`]: '',
    [`${P}/db/database.ts`]: '',
  }
  assert.deepEqual(found('module-internals', files), [`${M}/cart/cart.service.ts:3`])
})

test('2. routes are imported by app.ts only', () => {
  const files = {
    'apps/server/src/app.ts': "import { cartRoutes } from './modules/cart/cart.routes.ts'",
    [`${M}/cart/cart.routes.ts`]: "import { authRoutes } from '../auth/auth.routes.ts'",
    [`${M}/auth/auth.routes.ts`]: '',
    [`${M}/auth/auth.test.ts`]: "import { authRoutes } from './auth.routes.ts'",
  }
  assert.deepEqual(found('routes-import', files), [`${M}/cart/cart.routes.ts:1`])
})

test('2. platform never imports a module', () => {
  const files = {
    [`${P}/http/errors.ts`]: "import { x } from '../../modules/cart/cart.service.ts'",
    [`${P}/testing/test-app.ts`]: "import { x } from '../../modules/cart/cart.service.ts'",
    [`${M}/cart/cart.service.ts`]: "import { y } from '../../platform/http/errors.ts'",
  }
  assert.deepEqual(found('platform-imports-module', files), [`${P}/http/errors.ts:1`])
})

test('3. module cycles count type-only imports and are reported once with their path', () => {
  const files = {
    [`${M}/a/a.service.ts`]: "import type { B } from '../b/b.service.ts'",
    [`${M}/b/b.service.ts`]: "import { c } from '../c/c.service.ts'",
    [`${M}/c/c.service.ts`]: "\nimport { a } from '../a/a.service.ts'",
    [`${M}/c/c.test.ts`]: "import { b } from '../b/b.service.ts'",
  }
  const cycles = analyze(new Map(Object.entries(files)), undefined).violations.filter(
    (v) => v.rule === 'module-cycle',
  )
  assert.deepEqual(
    cycles.map((v) => `${v.file}:${v.line} ${v.message}`),
    [`${M}/a/a.service.ts:1 import cycle: modules/a → modules/b → modules/c → modules/a`],
  )
})

test('3. file cycles across the server, the storefront and the contracts; tests aside', () => {
  const files = {
    'apps/web/app/features/a.tsx': "import { b } from './b.tsx'",
    'apps/web/app/features/b.tsx': "import { a } from './a.tsx'\nimport { c } from '@shop/contracts/c'",
    'packages/contracts/src/c.ts': '',
    'apps/web/app/features/a.test.ts': "import { a } from './a.tsx'",
    'apps/web/app/features/t.test.ts': "import { t } from './t.test.ts'",
  }
  assert.deepEqual(found('file-cycle', files), ['apps/web/app/features/a.tsx:1'])
  assert.deepEqual(found('file-cycle', { 'packages/contracts/src/s.ts': "export * from './s.ts'" }), [
    'packages/contracts/src/s.ts:1',
  ])
})

test('4. files over 300 lines and functions over 120 lines; tests, migrations and demo data aside', () => {
  const lines = (n: number) => Array.from({ length: n }, (_, i) => `const v${i} = ${i}`).join('\n')
  const fn = (n: number) => `export function big() {\n${lines(n - 2)}\n}`
  const files = {
    'apps/web/app/styles/app.css': 'a {}\n'.repeat(301),
    'apps/web/app/styles/ok.css': 'a {}\n'.repeat(300),
    'scripts/long.ts': lines(301),
    'bench/ok.ts': lines(300),
    'packages/contracts/src/f.ts': `\n${fn(121)}`,
    'packages/contracts/src/g.ts': fn(120),
    'apps/server/src/modules/a/a.test.ts': `${lines(400)}\n${fn(200)}`,
    'apps/server/src/platform/db/migrations/0001-initial.ts': fn(200),
    'e2e/journey.ts': lines(400),
  }
  assert.deepEqual(found('file-size', files), ['apps/web/app/styles/app.css:1', 'scripts/long.ts:1'])
  assert.deepEqual(found('function-size', files), ['packages/contracts/src/f.ts:2'])
})

test('5. an API path written in the storefront is reported; the server and tests may write them', () => {
  const files = {
    'apps/web/app/lib/api/cart.ts': `import { x } from './api/y.ts'\nconst a = \`/api/cart/carts/\${id}\``,
    'apps/web/app/routes/home.tsx': 'const link = <a href="/api/health">health</a>',
    'apps/web/app/routes/home.test.ts': "fetch('/api/health')",
    'apps/server/src/app.ts': "app.get('/api/health', () => 1)",
  }
  assert.deepEqual(found('api-path', files), [
    'apps/web/app/lib/api/cart.ts:2',
    'apps/web/app/routes/home.tsx:1',
  ])
})
