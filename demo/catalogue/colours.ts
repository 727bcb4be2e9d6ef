import type { DemoColour } from './types.ts'

/** Colour options of variant products; `hex` is the look the image script recolours the emoji towards. */
export const colour = {
  red: { key: 'red', name: { en: 'Red', de: 'Rot' }, hex: '#d23a35' },
  orange: { key: 'orange', name: { en: 'Orange', de: 'Orange' }, hex: '#ee8a2c' },
  yellow: { key: 'yellow', name: { en: 'Yellow', de: 'Gelb' }, hex: '#f1c232' },
  sand: { key: 'sand', name: { en: 'Sand', de: 'Sand' }, hex: '#d9c4a0' },
  brown: { key: 'brown', name: { en: 'Brown', de: 'Braun' }, hex: '#8b5a35' },
  green: { key: 'green', name: { en: 'Green', de: 'Grün' }, hex: '#3f9f5a' },
  olive: { key: 'olive', name: { en: 'Olive', de: 'Oliv' }, hex: '#7b7d3e' },
  teal: { key: 'teal', name: { en: 'Teal', de: 'Petrol' }, hex: '#23968f' },
  blue: { key: 'blue', name: { en: 'Blue', de: 'Blau' }, hex: '#3b74d1' },
  navy: { key: 'navy', name: { en: 'Navy', de: 'Marine' }, hex: '#27395f' },
  purple: { key: 'purple', name: { en: 'Purple', de: 'Lila' }, hex: '#7c54c0' },
  pink: { key: 'pink', name: { en: 'Pink', de: 'Rosa' }, hex: '#ee9bbd' },
  black: { key: 'black', name: { en: 'Black', de: 'Schwarz' }, hex: '#2b2b2e' },
  grey: { key: 'grey', name: { en: 'Grey', de: 'Grau' }, hex: '#9a9b9f' },
  white: { key: 'white', name: { en: 'White', de: 'Weiß' }, hex: '#f2f2f0' },
} satisfies Record<string, DemoColour>
