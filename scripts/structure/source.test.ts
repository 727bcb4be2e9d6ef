import assert from 'node:assert/strict'
import { test } from 'node:test'
import { countLines, readFacts } from './source.ts'

const tables = (code: string) => readFacts('x.ts', code).writes.map((w) => w.table)

test('Kysely writes name their table, aliases and casts aside', () => {
  const code = `
    db.insertInto('a').values(row)
    db.updateTable('b as x').set({})
    trx.deleteFrom('c').where('id', '=', 1)
    db.replaceInto('d')
    db.insertInto('e' as never)
    db.selectFrom('not_a_write')`
  assert.deepEqual(tables(code), ['a', 'b', 'c', 'd', 'e'])
  assert.deepEqual(readFacts('x.ts', code).writes[1], { table: 'b', line: 3 })
})

test('raw SQL writes are found in sql templates, upserts and row locks are not writes', () => {
  const code = `
    sql\`insert into f (x) values (\${1})\`
    sql\`UPDATE g SET n = n + 1\`
    sql\`delete from public.h where id = \${id}\`
    sql\`insert or replace into i values (1)\`
    sql\`select * from j where id = 1 for update skip locked\`
    db.insertInto('k').onConflict((oc) => oc.doUpdateSet({ n: sql\`k.n + 1\` }))
    sql\`insert into l (a) values (1) on conflict (a) do update set a = excluded.a\`
    sql.raw('delete from m')`
  assert.deepEqual(tables(code), ['f', 'g', 'h', 'i', 'k', 'l', 'm'])
})

test('a table given by sql.table() or a constant is read from the constant', () => {
  const code = `
    const table = engine === 'sqlite' ? 'fts' : 'docs'
    async function f() {
      await sql\`delete from \${sql.table(table)}\`.execute(db)
      await sql\`delete from \${sql.table('terms')}\`.execute(db)
    }`
  assert.deepEqual(tables(code), ['fts', 'docs', 'terms'])
  assert.deepEqual(readFacts('x.ts', code).dynamic, [])
})

test('a table the code does not show is a dynamic write; a // writes: comment declares it', () => {
  const code = `
    export const wipe = (name: string) => sql\`delete from \${sql.table(name)}\`
    export const drop = (name: string) => db.deleteFrom(name)`
  assert.deepEqual(readFacts('x.ts', code).dynamic, [2, 3])
  const declared = readFacts('x.ts', `// writes: fts, docs\n${code}`).declared
  assert.deepEqual(declared, [
    { table: 'fts', line: 1 },
    { table: 'docs', line: 1 },
  ])
})

test('imports of every kind are found, type-only and dynamic ones included', () => {
  const code = `
    import { a } from './a.ts'
    import type { B } from './b.ts'
    export { c } from './c.ts'
    export type * from './d.ts'
    const e = await import('./e.ts')
    type F = import('./f.ts').F
    import g = require('./g.ts')`
  const found = readFacts('x.ts', code).imports
  assert.deepEqual(
    found.map((i) => i.specifier),
    ['./a.ts', './b.ts', './c.ts', './d.ts', './e.ts', './f.ts', './g.ts'],
  )
  assert.equal(found[1]?.line, 3)
})

test('functions, methods, arrows and components are measured from first to last line', () => {
  const code = [
    'export function one() {',
    '  return 1',
    '}',
    'const two = () =>',
    '  2',
    'class C { three() { return 3 } }',
    'export const Tile = ({ n }: { n: number }) => <div>{n}</div>',
    'register((app) => {',
    '  app.get("/", async () => 1)',
    '})',
  ].join('\n')
  const fns = readFacts('x.tsx', code).functions
  assert.deepEqual(
    fns.map((f) => [f.name, f.line, f.lines]),
    [
      ['one', 1, 3],
      ['two', 4, 2],
      ['three', 6, 1],
      ['Tile', 7, 1],
      ['(anonymous)', 8, 3],
      ['(anonymous in (anonymous))', 9, 1],
    ],
  )
})

test('string and template literals holding /api/ are found, import specifiers are not', () => {
  const code = `
    import { x } from '../lib/api/browse.ts'
    const a = '/api/cart/carts'
    const b = \`/api/cart/carts/\${id}/items\`
    const c = <a href="/api/health">x</a>
    // '/api/in-a-comment'
    const d = '/apis-are-not-paths'`
  const strings = readFacts('x.tsx', code).apiStrings
  assert.deepEqual(strings, [
    { line: 3, text: '/api/cart/carts' },
    { line: 4, text: `/api/cart/carts/\${…}/items` },
    { line: 5, text: '/api/health' },
  ])
})

test('lines are counted as an editor shows them', () => {
  assert.equal(countLines(''), 0)
  assert.equal(countLines('a\nb\n'), 2)
  assert.equal(countLines('a\nb'), 2)
})
