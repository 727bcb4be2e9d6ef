import assert from 'node:assert/strict'
import { spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { after, test } from 'node:test'
import { SERVER_FLAGS } from './support/server-flags.ts'
import { startShop } from './support/shop.ts'

/**
 * `npm start` runs the server with Node's compile cache on (scripts/compile-cache.js, docs/decisions/0084): a
 * start that finds its modules in the cache never loads the type stripper, and a shop that was killed still left
 * its cache behind.
 */
const dirs: string[] = []
after(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true })
})
function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'shop-compile-cache-'))
  dirs.push(dir)
  return dir
}
function cachedFiles(cache: string): number {
  return readdirSync(cache, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile()).length
}

test('with the start flags, a second run of a TypeScript module does not load the type stripper', () => {
  const dir = tempDir()
  // The cache's default place is node-compile-cache in the temporary directory (TMPDIR): this test's own.
  const cache = join(dir, 'node-compile-cache')
  const module = join(dir, 'module.ts')
  // An ES module, as every module of the shop is ("type": "module").
  writeFileSync(join(dir, 'package.json'), '{ "type": "module" }\n')
  writeFileSync(
    module,
    "const loaded: string[] = process.moduleLoadList\nconsole.log(loaded.some((name) => name.includes('amaro')))\n",
  )
  const run = () => {
    const result = spawnSync(process.execPath, [...SERVER_FLAGS, module], {
      env: { ...process.env, NODE_COMPILE_CACHE: '', TMPDIR: dir },
      encoding: 'utf8',
    })
    assert.equal(result.status, 0, result.stderr)
    return result.stdout.trim()
  }
  assert.equal(run(), 'true', 'the first run strips the types itself')
  assert.ok(existsSync(cache) && cachedFiles(cache) > 0, 'and leaves the result in the cache')
  assert.equal(run(), 'false', 'the second run takes them from the cache')
})

test('a shop killed right after it answered has left its compiled modules in the cache', async () => {
  const dir = tempDir()
  const cache = join(dir, 'node-compile-cache')
  const shop = await startShop('sqlite', { NODE_COMPILE_CACHE: '', TMPDIR: dir })
  try {
    shop.child.kill('SIGKILL')
    await new Promise((resolve) => shop.child.once('exit', resolve))
    // Every module the server loaded to start: the stripped source and the V8 code of each, hundreds in all.
    assert.ok(existsSync(cache) && cachedFiles(cache) > 200, `${cachedFiles(cache)} files in the cache`)
  } finally {
    await shop.stop()
  }
})
