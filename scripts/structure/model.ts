/**
 * The project as the rules see it: every file's facts, its imports resolved to repository files, and per
 * server module or platform part the tables it writes and the others it imports.
 */
import { isMigration, isTest, ownerOf, resolveImport, SERVER } from './paths.ts'
import { type FileFacts, readFacts } from './source.ts'

export interface Site {
  file: string
  line: number
}

export interface Edge extends Site {
  to: string
}

export interface Violation extends Site {
  rule: string
  message: string
}

export interface Model {
  facts: FileFacts[]
  /** Imports that name a file of the repository, from every file. */
  edges: Edge[]
  /** Server modules and platform parts that have code outside tests. */
  owners: Set<string>
  /** owner → table → the places that write it. */
  writes: Map<string, Map<string, Site[]>>
  /** owner → the owners it imports, with the first import that does. */
  calls: Map<string, Map<string, Site>>
}

export function buildModel(files: ReadonlyMap<string, string>): Model {
  const known = new Set(files.keys())
  const facts = [...files].map(([path, text]) => readFacts(path, text))
  const model: Model = { facts, edges: [], owners: new Set(), writes: new Map(), calls: new Map() }
  for (const file of facts) {
    for (const { specifier, line } of file.imports) {
      const to = resolveImport(file.path, specifier, known)
      if (to) model.edges.push({ file: file.path, line, to })
    }
    const owner = ownerOf(file.path)
    if (owner && !isTest(file.path)) model.owners.add(owner)
    if (file.path.startsWith(SERVER) && !isTest(file.path) && !isMigration(file.path)) {
      for (const write of [...file.writes, ...file.declared]) {
        addWrite(model, owner ?? file.path, write.table, { file: file.path, line: write.line })
      }
    }
  }
  for (const edge of model.edges) {
    const from = ownerOf(edge.file)
    const to = ownerOf(edge.to)
    if (!from || !to || from === to || isTest(edge.file)) continue
    const calls = model.calls.get(from) ?? new Map<string, Site>()
    model.calls.set(from, calls)
    if (!calls.has(to)) calls.set(to, { file: edge.file, line: edge.line })
  }
  return model
}

function addWrite(model: Model, owner: string, table: string, site: Site): void {
  const tables = model.writes.get(owner) ?? new Map<string, Site[]>()
  model.writes.set(owner, tables)
  tables.set(table, [...(tables.get(table) ?? []), site])
}
