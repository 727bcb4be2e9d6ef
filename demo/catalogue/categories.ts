import type { DemoCategory } from './types.ts'

const top = (id: string, en: string, de: string): DemoCategory => ({ id, parentId: null, name: { en, de } })
const leaf = (parentId: string, id: string, en: string, de: string): DemoCategory => ({
  id,
  parentId,
  name: { en, de },
})

/** Two levels; products are assigned to leaf categories only. Order here is the menu order. */
export const categories: DemoCategory[] = [
  top('c-clothing', 'Clothing', 'Kleidung'),
  leaf('c-clothing', 'c-tshirts', 'T-shirts', 'T-Shirts'),
  leaf('c-clothing', 'c-hoodies', 'Jackets & Hoodies', 'Jacken & Hoodies'),
  leaf('c-clothing', 'c-trousers', 'Trousers & Jeans', 'Hosen & Jeans'),
  leaf('c-clothing', 'c-dresses', 'Dresses & Skirts', 'Kleider & Röcke'),
  leaf('c-clothing', 'c-shoes', 'Shoes', 'Schuhe'),
  top('c-accessories', 'Accessories', 'Accessoires'),
  leaf('c-accessories', 'c-bags', 'Bags & Backpacks', 'Taschen & Rucksäcke'),
  leaf('c-accessories', 'c-hats', 'Hats & Caps', 'Hüte & Mützen'),
  leaf('c-accessories', 'c-watches', 'Watches & Jewellery', 'Uhren & Schmuck'),
  leaf('c-accessories', 'c-eyewear', 'Eyewear', 'Brillen'),
  top('c-home', 'Home & Kitchen', 'Haus & Küche'),
  leaf('c-home', 'c-kitchen', 'Kitchen', 'Küche'),
  leaf('c-home', 'c-mugs', 'Mugs & Cups', 'Becher & Tassen'),
  leaf('c-home', 'c-decor', 'Decor', 'Dekoration'),
  top('c-electronics', 'Electronics', 'Elektronik'),
  leaf('c-electronics', 'c-audio', 'Audio', 'Audio'),
  leaf('c-electronics', 'c-computers', 'Computers & Accessories', 'Computer & Zubehör'),
  leaf('c-electronics', 'c-cameras', 'Cameras & Gaming', 'Kameras & Gaming'),
  top('c-outdoor', 'Sports & Outdoor', 'Sport & Freizeit'),
  leaf('c-outdoor', 'c-sports', 'Sports', 'Sportgeräte'),
  leaf('c-outdoor', 'c-camping', 'Camping', 'Camping'),
  top('c-food', 'Food & Drink', 'Essen & Trinken'),
  leaf('c-food', 'c-coffee-tea', 'Coffee & Tea', 'Kaffee & Tee'),
  leaf('c-food', 'c-pantry', 'Pantry', 'Vorratskammer'),
]
