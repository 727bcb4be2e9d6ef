/**
 * Where a file stands for the structure check (scripts/check-structure.ts): test or not, which server module
 * or platform part owns it, and what an import specifier points at. Paths are repository-relative with `/`.
 */
import { posix } from 'node:path'

export const SERVER = 'apps/server/src/'
export const APP_FILE = `${SERVER}app.ts`
/** The roots of the whole-repository file graph whose cycles are reported. */
export const GRAPH_ROOTS = [SERVER, 'apps/web/app/', 'packages/contracts/src/']
/** The roots whose files are held to the size rules. */
export const SIZE_ROOTS = ['apps/', 'packages/', 'scripts/', 'bench/']

/** Tests and their helpers: `*.test.ts`, `*.testing.ts`, anything in a `testing/` folder, the e2e suite. */
export function isTest(path: string): boolean {
  return (
    /\.test\.tsx?$/.test(path) ||
    /\.testing\.tsx?$/.test(path) ||
    /(^|\/)testing\//.test(path) ||
    /(^|\/)e2e\//.test(path)
  )
}

export function isMigration(path: string): boolean {
  return path.startsWith(`${SERVER}platform/db/migrations/`)
}

export function isDemoData(path: string): boolean {
  return /(^|\/)demo\/catalogue\//.test(path)
}

/**
 * `modules/<name>` or `platform/<name>` for a file of the server, else undefined. A file directly in
 * `platform/` (`platform/config.ts`) is a part of its own: `platform/config`.
 */
export function ownerOf(path: string): string | undefined {
  const match = /^apps\/server\/src\/(modules|platform)\/([^/]+)(\/)?/.exec(path)
  if (!match?.[2]) return undefined
  const name = match[3] ? match[2] : match[2].replace(/\..*$/, '')
  return `${match[1]}/${name}`
}

const ALIASES: Array<[string, string]> = [
  ['@shop/contracts/', 'packages/contracts/src/'],
  ['@shop/server/', SERVER],
]

/** The repository file an import specifier names, or undefined for a package or a file not known. */
export function resolveImport(
  from: string,
  specifier: string,
  known: ReadonlySet<string>,
): string | undefined {
  const bare = specifier.replace(/[?#].*$/, '')
  let base: string | undefined
  if (bare.startsWith('.')) base = posix.join(posix.dirname(from), bare)
  else if (bare === '@shop/contracts') base = 'packages/contracts/src/index.ts'
  else {
    const alias = ALIASES.find(([prefix]) => bare.startsWith(prefix))
    if (alias) base = alias[1] + bare.slice(alias[0].length)
  }
  if (base === undefined) return undefined
  const candidates = [base, base.replace(/\.js$/, '.ts'), `${base}.ts`, `${base}.tsx`, `${base}/index.ts`]
  return candidates.find((candidate) => known.has(candidate))
}
