import { accessories } from './products-accessories.ts'
import { clothing } from './products-clothing.ts'
import { electronics } from './products-electronics.ts'
import { home } from './products-home.ts'
import { food, outdoor } from './products-outdoor-food.ts'
import type { DemoProduct } from './types.ts'

export const products: DemoProduct[] = [
  ...clothing,
  ...accessories,
  ...home,
  ...electronics,
  ...outdoor,
  ...food,
]
