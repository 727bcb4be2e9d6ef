/**
 * `npm start` and `npm test` run this first: builds the storefront (`npm run build`) only when its inputs
 * changed since the build in the build directory was made. The inputs' hash (their paths and contents) is kept
 * as a stamp file in the build directory after a build that succeeded; a matching stamp skips the 3–5 s build
 * (docs/decisions/0029). `--force` always builds. `npm run build` itself always builds and leaves the stamp alone.
 */
import { spawnSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import { existsSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { join, relative, resolve, sep } from 'node:path'

const root = resolve(import.meta.dirname, '..')
const STAMP = '.inputs-hash'

/** What the storefront build reads: its sources and configuration, the contracts, the locked dependencies. */
const INPUTS = [
  'apps/web/app',
  'apps/web/package.json',
  'apps/web/react-router.config.ts',
  'apps/web/vite.config.ts',
  'apps/web/tsconfig.json',
  'packages/contracts/src',
  'packages/contracts/package.json',
  'package-lock.json',
  'tsconfig.base.json',
  'scripts/precompress.ts',
  'scripts/build-if-changed.ts',
]

/** A hash of every input file's path and content, in a stable order; the build directory is its own. */
export function inputsHash(base = root): string {
  const hash = createHash('sha256')
  hash.update(`${process.env.WEB_BUILD_DIR ?? ''}\0`)
  for (const file of INPUTS.flatMap((input) => listFiles(join(base, input))).sort()) {
    hash.update(`${relative(base, file).split(sep).join('/')}\0`)
    hash.update(readFileSync(file))
    hash.update('\0')
  }
  return hash.digest('hex')
}

function listFiles(path: string): string[] {
  if (!existsSync(path)) return []
  if (!statSync(path).isDirectory()) return [path]
  return readdirSync(path, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name))
}

/** Builds unless the stamp in `buildDir` matches; returns whether it built. Throws when the build fails. */
export function buildIfChanged(buildDir: string, force = false): boolean {
  const stamp = join(buildDir, STAMP)
  const hash = inputsHash()
  const built = existsSync(join(buildDir, 'server', 'index.js')) && existsSync(join(buildDir, 'client'))
  if (!force && built && existsSync(stamp) && readFileSync(stamp, 'utf8').trim() === hash) return false
  // A build stopped half-way must not leave a stamp that claims it finished.
  rmSync(stamp, { force: true })
  const result = spawnSync('npm', ['run', 'build', '--silent'], { cwd: root, stdio: 'inherit' })
  if (result.status !== 0) throw new Error(`npm run build failed (exit ${result.status ?? result.signal})`)
  writeFileSync(stamp, `${hash}\n`)
  return true
}

if (import.meta.main) {
  const buildDir = resolve(process.env.WEB_BUILD_DIR ?? join(root, 'apps', 'web', 'build'))
  try {
    if (!buildIfChanged(buildDir, process.argv.includes('--force')))
      console.log('storefront build is up to date (its sources did not change): not rebuilt')
  } catch (error) {
    console.error((error as Error).message)
    process.exit(1)
  }
}
