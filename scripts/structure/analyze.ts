/**
 * The whole structure check over a set of files (path → text) and the architecture map: rules 1–5 from
 * rules.ts, and rule 6, the map in docs/architecture.md agrees with the code.
 */
import { byModule, type MapRow, parseMap } from './architecture-map.ts'
import { buildModel, type Model, type Site, type Violation } from './model.ts'
import { apiPaths, boundaries, cycles, sizes, tableOwners } from './rules.ts'

export type { Violation } from './model.ts'

export interface Report {
  violations: Violation[]
  warnings: Violation[]
  /** The map as the code is: every module and platform part, the tables it writes, the ones it imports. */
  actual: MapRow[]
}

export const MAP_PATH = 'docs/architecture.md'

export function analyze(files: ReadonlyMap<string, string>, map: string | undefined): Report {
  const model = buildModel(files)
  const actual = actualMap(model)
  const checked = checkMap(model, actual, map)
  const violations = [
    ...tableOwners(model),
    ...boundaries(model),
    ...cycles(model),
    ...sizes(model),
    ...apiPaths(model),
    ...checked.violations,
  ]
  return { violations: sorted(violations), warnings: sorted(checked.warnings), actual }
}

function actualMap(model: Model): MapRow[] {
  const names = new Set(model.owners)
  for (const owner of model.writes.keys()) names.add(owner)
  for (const calls of model.calls.values()) for (const callee of calls.keys()) names.add(callee)
  return [...names]
    .filter((name) => /^(modules|platform)\//.test(name))
    .sort(byModule)
    .map((module) => ({
      module,
      owns: [...(model.writes.get(module)?.keys() ?? [])].sort(),
      mayCall: [...(model.calls.get(module)?.keys() ?? [])].sort(byModule),
    }))
}

/** 6. Listed tables are exactly the written ones; every import of another module is listed under "may call". */
function checkMap(model: Model, actual: MapRow[], text: string | undefined) {
  const violations: Violation[] = []
  const warnings: Violation[] = []
  const doc = text === undefined ? undefined : parseMap(text)
  if (!doc) {
    const message = `no table "module | owns tables | may call"; npm run check:structure -- --print makes one`
    return { violations: [{ file: MAP_PATH, line: 1, rule: 'map-missing', message }], warnings }
  }
  const rows = new Map(doc.rows.map((row) => [row.module, row]))
  const at = (line: number): Site => ({ file: MAP_PATH, line })
  for (const row of doc.rows) {
    if (!actual.some((a) => a.module === row.module)) {
      violations.push({ ...at(row.line), rule: 'map-module', message: `${row.module} is not in the code` })
    }
  }
  for (const { module } of actual) {
    const row = rows.get(module)
    if (!row) {
      violations.push({ ...at(doc.header), rule: 'map-module', message: `${module} has no row in the map` })
      continue
    }
    const writes = model.writes.get(module) ?? new Map<string, Site[]>()
    for (const [table, sites] of writes) {
      if (row.owns.includes(table)) continue
      const message = `${module} writes ${table}, which its row in ${MAP_PATH} does not list`
      violations.push({ ...(sites[0] as Site), rule: 'map-owns', message })
    }
    for (const table of row.owns.filter((t) => !writes.has(t))) {
      const message = `${module} lists ${table}, which it does not write`
      violations.push({ ...at(row.line), rule: 'map-owns', message })
    }
    const calls = model.calls.get(module) ?? new Map<string, Site>()
    for (const [callee, site] of calls) {
      if (row.mayCall.includes(callee)) continue
      const message = `${module} imports ${callee}, which its row in ${MAP_PATH} does not list under "may call"`
      violations.push({ ...site, rule: 'map-calls', message })
    }
    for (const callee of row.mayCall.filter((c) => !calls.has(c))) {
      warnings.push({
        ...at(row.line),
        rule: 'map-calls',
        message: `${module} may call ${callee} but does not`,
      })
    }
  }
  return { violations, warnings }
}

function sorted(violations: Violation[]): Violation[] {
  return violations.sort(
    (a, b) => a.file.localeCompare(b.file) || a.line - b.line || a.rule.localeCompare(b.rule),
  )
}
