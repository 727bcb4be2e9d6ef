import assert from 'node:assert/strict'
import { test } from 'node:test'
import { categoryIdOfPath, categoryPath, categorySlug } from '@shop/contracts/catalogue'
import { AppError } from '../../platform/http/errors.ts'
import { buildCategoryTree, subtreeIds } from './category-tree.ts'
import { buildOptions } from './options.ts'
import { parseProductQuery, parseProductSort } from './product-query.ts'

test('categorySlug lowercases, transliterates every umlaut and drops punctuation', () => {
  assert.equal(categorySlug('Taschen & Rucksäcke'), 'taschen-rucksaecke')
  assert.equal(categorySlug('Süße Größen für Öl'), 'suesse-groessen-fuer-oel')
  assert.equal(categorySlug('ÄÖÜ äöü'), 'aeoeue-aeoeue')
  assert.equal(categorySlug('  Crème brûlée / Desserts  '), 'creme-brulee-desserts')
  assert.equal(categorySlug('T-Shirts -  Men'), 't-shirts-men')
  assert.equal(categorySlug('日本'), encodeURIComponent('日本'))
  assert.equal(categoryPath('Taschen & Rucksäcke', 'c1'), 'taschen-rucksaecke~c1')
  assert.equal(categoryIdOfPath('old-slug~c1'), 'c1')
})

test('buildOptions makes one option per option and attribute key in first-appearance order', () => {
  const options = buildOptions([
    { id: 'v1', options: { colour: { name: 'Red', hex: { r: 1 } }, size: { value: 'M' } } },
    { id: 'v2', options: { size: { value: 'S' }, colour: { name: 'Blue' } } },
    { id: 'v3', options: { colour: { name: 'Red' }, size: { value: 'S' }, extra: 'scalar' } },
  ])
  assert.deepEqual(options, [
    {
      optionKey: 'colour',
      attributeKey: 'name',
      attributes: [
        { value: 'Red', variantIds: ['v1', 'v3'] },
        { value: 'Blue', variantIds: ['v2'] },
      ],
    },
    {
      optionKey: 'size',
      attributeKey: 'value',
      attributes: [
        { value: 'M', variantIds: ['v1'] },
        { value: 'S', variantIds: ['v2', 'v3'] },
      ],
    },
  ])
})

test('parseProductQuery reads ids (quoted or not), categories, names and published', () => {
  assert.deepEqual(parseProductQuery('published:true id:(a, "b",c) category:"x" name:"blue tee"'), {
    idLists: [['a', 'b', 'c']],
    categoryIds: ['x'],
    names: ['blue tee'],
  })
  assert.deepEqual(parseProductQuery(undefined), { idLists: [], categoryIds: [], names: [] })
  assert.deepEqual(parseProductQuery('id:solo').idLists, [['solo']])
})

test('parseProductQuery rejects unknown terms and malformed values', () => {
  for (const q of [
    'colour:red',
    'published:false',
    'id:()',
    'id:(a;b)',
    'category:a/b',
    'just text',
    'id:(a',
  ]) {
    assert.throws(
      () => parseProductQuery(q),
      (e: unknown) => e instanceof AppError && e.status === 400,
      q,
    )
  }
})

test('parseProductSort defaults to the name in the request language', () => {
  assert.deepEqual(parseProductSort(undefined, 'de'), { by: 'name', language: 'de', desc: false })
  assert.deepEqual(parseProductSort('name.en:desc', 'de'), { by: 'name', language: 'en', desc: true })
  assert.deepEqual(parseProductSort('metadata.createdAt:desc', 'en'), { by: 'createdAt', desc: true })
})

test('buildCategoryTree drops nameless categories with their subtrees', () => {
  const tree = buildCategoryTree([
    { id: 'a', parentId: null, name: 'A', media: [] },
    { id: 'b', parentId: 'a', name: '', media: [] },
    { id: 'c', parentId: 'b', name: 'C', media: [] },
    { id: 'd', parentId: 'a', name: 'D', media: [] },
    { id: 'e', parentId: 'missing', name: 'E', media: [] },
  ])
  assert.deepEqual(
    tree.roots.map((n) => n.id),
    ['a'],
  )
  assert.deepEqual([...tree.byId.keys()].sort(), ['a', 'd'])
  assert.deepEqual(subtreeIds(tree.roots[0] as never), ['a', 'd'])
})
