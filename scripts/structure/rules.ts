/**
 * The code rules of the structure check: one owner per table, modules meet through their public face,
 * no import cycles, small files and functions, no API paths written in the storefront.
 */
import { findCycles } from './graph.ts'
import type { Edge, Model, Site, Violation } from './model.ts'
import {
  APP_FILE,
  GRAPH_ROOTS,
  isDemoData,
  isMigration,
  isTest,
  ownerOf,
  SERVER,
  SIZE_ROOTS,
} from './paths.ts'

export const MAX_FILE_LINES = 300
export const MAX_FUNCTION_LINES = 120

/** 1. A table is written by one owner; a write whose table the code does not show is declared. */
export function tableOwners(model: Model): Violation[] {
  const found: Violation[] = []
  const owners = new Map<string, Array<[string, Site[]]>>()
  for (const [owner, tables] of model.writes) {
    for (const [table, sites] of tables) owners.set(table, [...(owners.get(table) ?? []), [owner, sites]])
  }
  for (const [table, writers] of owners) {
    if (writers.length < 2) continue
    const names = writers.map(([owner]) => owner).sort()
    for (const [owner, sites] of writers) {
      const others = names.filter((name) => name !== owner).join(', ')
      const site = sites[0] as Site
      const message = `table ${table} is written by ${owner} (${sites.length}×) and also by ${others}`
      found.push({ ...site, rule: 'table-owner', message })
    }
  }
  for (const file of model.facts) {
    if (
      !file.path.startsWith(SERVER) ||
      isTest(file.path) ||
      isMigration(file.path) ||
      file.declared.length
    ) {
      continue
    }
    for (const line of file.dynamic) {
      const message = 'write to a table the code does not name; declare it with `// writes: table_a, table_b`'
      found.push({ file: file.path, line, rule: 'dynamic-write', message })
    }
  }
  return found
}

/** 2. Another module only through its *.service.ts / *.rules.ts; routes only from app.ts; platform never modules. */
export function boundaries(model: Model): Violation[] {
  const found: Violation[] = []
  for (const edge of model.edges) {
    if (isTest(edge.file)) continue
    const at = { file: edge.file, line: edge.line }
    const from = ownerOf(edge.file)
    const to = ownerOf(edge.to)
    if (edge.to.endsWith('.routes.ts') && edge.file !== APP_FILE) {
      found.push({
        ...at,
        rule: 'routes-import',
        message: `${edge.to} is imported; routes are for app.ts only`,
      })
    } else if (from?.startsWith('platform/') && to?.startsWith('modules/')) {
      found.push({ ...at, rule: 'platform-imports-module', message: `${from} imports ${edge.to}` })
    } else if (from?.startsWith('modules/') && to?.startsWith('modules/') && from !== to) {
      if (!/\.(service|rules)\.ts$/.test(edge.to)) {
        const message = `${from} imports ${edge.to}, an internal of ${to} (public face: *.service.ts, *.rules.ts)`
        found.push({ ...at, rule: 'module-internals', message })
      }
    }
  }
  return found
}

/** 3. No cycles between server modules (and platform parts), nor between files. */
export function cycles(model: Model): Violation[] {
  const modules = new Map<string, Set<string>>()
  const moduleSites = new Map<string, Site>()
  for (const [from, calls] of model.calls) {
    modules.set(from, new Set(calls.keys()))
    for (const [to, site] of calls) moduleSites.set(`${from}\n${to}`, site)
  }
  const inGraph = (path: string) => !isTest(path) && GRAPH_ROOTS.some((root) => path.startsWith(root))
  const files = new Map<string, Set<string>>()
  const fileSites = new Map<string, Site>()
  for (const edge of model.edges.filter((e: Edge) => inGraph(e.file) && inGraph(e.to))) {
    files.set(edge.file, (files.get(edge.file) ?? new Set()).add(edge.to))
    const key = `${edge.file}\n${edge.to}`
    if (!fileSites.has(key)) fileSites.set(key, { file: edge.file, line: edge.line })
  }
  const report = (rule: string, graph: Map<string, Set<string>>, sites: Map<string, Site>) =>
    findCycles(graph).map((cycle): Violation => {
      const site = sites.get(`${cycle[0]}\n${cycle[1]}`) ?? { file: cycle[0] ?? '', line: 1 }
      return { ...site, rule, message: `import cycle: ${cycle.join(' → ')}` }
    })
  return [...report('module-cycle', modules, moduleSites), ...report('file-cycle', files, fileSites)]
}

/** 4. Files up to 300 lines, functions up to 120. */
export function sizes(model: Model): Violation[] {
  const found: Violation[] = []
  for (const file of model.facts) {
    if (!SIZE_ROOTS.some((root) => file.path.startsWith(root)) || !/\.(tsx?|css)$/.test(file.path)) continue
    if (isTest(file.path) || isMigration(file.path) || isDemoData(file.path)) continue
    if (file.lines > MAX_FILE_LINES) {
      const message = `${file.lines} lines (at most ${MAX_FILE_LINES}); split it`
      found.push({ file: file.path, line: 1, rule: 'file-size', message })
    }
    for (const fn of file.functions.filter((f) => f.lines > MAX_FUNCTION_LINES)) {
      const message = `${fn.name} has ${fn.lines} lines (at most ${MAX_FUNCTION_LINES})`
      found.push({ file: file.path, line: fn.line, rule: 'function-size', message })
    }
  }
  return found
}

/** 5. The storefront takes every API path from packages/contracts. */
export function apiPaths(model: Model): Violation[] {
  return model.facts
    .filter((file) => file.path.startsWith('apps/web/app/') && !isTest(file.path))
    .flatMap((file) =>
      file.apiStrings.map((literal) => ({
        file: file.path,
        line: literal.line,
        rule: 'api-path',
        message: `API path written in the storefront: ${JSON.stringify(literal.text)}; take it from packages/contracts`,
      })),
    )
}
