import assert from 'node:assert/strict'
import { test } from 'node:test'
import { findCycles } from './graph.ts'

const graph = (edges: Record<string, string[]>) =>
  new Map(Object.entries(edges).map(([k, v]) => [k, new Set(v)]))

test('a graph without cycles has none', () => {
  assert.deepEqual(findCycles(graph({ a: ['b', 'c'], b: ['c'], c: [] })), [])
})

test('a cycle is reported once, from its smallest node, closed', () => {
  assert.deepEqual(findCycles(graph({ c: ['a'], a: ['b'], b: ['c'] })), [['a', 'b', 'c', 'a']])
})

test('a node importing itself is a cycle', () => {
  assert.deepEqual(findCycles(graph({ a: ['a'] })), [['a', 'a']])
})

test('every edge of a tangle lies on a reported cycle, each cycle once', () => {
  const cycles = findCycles(graph({ a: ['b', 'c'], b: ['a'], c: ['a'], d: ['a'] }))
  assert.deepEqual(cycles, [
    ['a', 'b', 'a'],
    ['a', 'c', 'a'],
  ])
})

test('two separate cycles are both reported', () => {
  const cycles = findCycles(graph({ a: ['b'], b: ['a'], x: ['y'], y: ['x'] }))
  assert.deepEqual(cycles.map((c) => c.join('>')).sort(), ['a>b>a', 'x>y>x'])
})
