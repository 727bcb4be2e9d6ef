/**
 * Import cycles of a directed graph. Every strongly connected component is covered by a few short
 * cycles: for each edge inside it not yet on a reported cycle, the shortest way back closes one. Each
 * cycle is reported once, starting at its smallest node.
 */
export type Graph = ReadonlyMap<string, ReadonlySet<string>>

export function findCycles(graph: Graph): string[][] {
  const cycles: string[][] = []
  const seen = new Set<string>()
  for (const component of components(graph)) {
    const inside = new Set(component)
    const covered = new Set<string>()
    for (const from of [...component].sort()) {
      for (const to of [...(graph.get(from) ?? [])].sort()) {
        if (!inside.has(to) || covered.has(`${from}\n${to}`)) continue
        const back = shortestPath(graph, inside, to, from)
        if (!back) continue
        const cycle = from === to ? [from] : [from, ...back.slice(0, -1)]
        cycle.forEach((node, index) => {
          covered.add(`${node}\n${cycle[(index + 1) % cycle.length]}`)
        })
        const rotated = rotate(cycle)
        const key = rotated.join('\n')
        if (seen.has(key)) continue
        seen.add(key)
        cycles.push([...rotated, rotated[0] ?? ''])
      }
    }
  }
  return cycles
}

/** Strongly connected components that hold a cycle (more than one node, or a node importing itself). */
function components(graph: Graph): string[][] {
  const index = new Map<string, number>()
  const low = new Map<string, number>()
  const stack: string[] = []
  const onStack = new Set<string>()
  const found: string[][] = []
  const connect = (node: string): void => {
    index.set(node, index.size)
    low.set(node, index.get(node) ?? 0)
    stack.push(node)
    onStack.add(node)
    for (const next of graph.get(node) ?? []) {
      if (!index.has(next)) {
        connect(next)
        low.set(node, Math.min(low.get(node) ?? 0, low.get(next) ?? 0))
      } else if (onStack.has(next)) {
        low.set(node, Math.min(low.get(node) ?? 0, index.get(next) ?? 0))
      }
    }
    if (low.get(node) !== index.get(node)) return
    const component: string[] = []
    let member: string | undefined
    do {
      member = stack.pop()
      if (member === undefined) break
      onStack.delete(member)
      component.push(member)
    } while (member !== node)
    if (component.length > 1 || graph.get(node)?.has(node)) found.push(component)
  }
  for (const node of [...graph.keys()].sort()) if (!index.has(node)) connect(node)
  return found
}

/** The nodes from `from` to `to` (both included) along the fewest edges inside `inside`. */
function shortestPath(graph: Graph, inside: Set<string>, from: string, to: string): string[] | undefined {
  const previous = new Map<string, string | undefined>([[from, undefined]])
  const queue = [from]
  for (let i = 0; i < queue.length; i++) {
    const node = queue[i] ?? ''
    if (node === to) {
      const path: string[] = []
      for (let at: string | undefined = node; at !== undefined; at = previous.get(at)) path.unshift(at)
      return path
    }
    for (const next of [...(graph.get(node) ?? [])].sort()) {
      if (inside.has(next) && !previous.has(next)) {
        previous.set(next, node)
        queue.push(next)
      }
    }
  }
  return undefined
}

function rotate(cycle: string[]): string[] {
  const start = cycle.indexOf([...cycle].sort()[0] ?? '')
  return [...cycle.slice(start), ...cycle.slice(0, start)]
}
