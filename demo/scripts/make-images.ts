/**
 * Builds every demo image from Microsoft's Fluent Emoji (Color, vector; MIT, @iconify-json/fluent-emoji) with
 * sharp: product squares (1200×1200), colour variants, carousel slides, banners and the logo. The emoji are
 * drawn from their vectors at the size they are placed at, so every picture is sharp at twice its largest
 * displayed size (docs/decisions/0038).
 * Deterministic: `node demo/scripts/make-images.ts` (or `npm run demo:images`) rewrites demo/images.
 */
import { mkdirSync, rmSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import sharp from 'sharp'
import { media, mediaFile } from '../catalogue/media.ts'
import { products } from '../catalogue/products.ts'
import { sites } from '../catalogue/sites.ts'
import type { DemoColour, DemoSite } from '../catalogue/types.ts'
import { hexToLch, type Lch, meanLch } from './colour-math.ts'
import { EMOJI_NAMES } from './emoji-names.ts'

const root = fileURLToPath(new URL('../..', import.meta.url))
interface IconSet {
  width: number
  height: number
  icons: Record<string, { body: string; width?: number; height?: number }>
}
const iconSet = createRequire(import.meta.url)('@iconify-json/fluent-emoji/icons.json') as IconSet
const out = join(root, 'demo/images')
const FONT = 'Liberation Sans, DejaVu Sans, sans-serif'
const INK = '#1f2328'
const BRAND = '#2f5d50'

/** The emoji's vector drawing at `size` × `size` pixels. */
function emojiSvg(code: string, size: number): Buffer {
  const icon = iconSet.icons[EMOJI_NAMES[code] ?? '']
  if (!icon) throw new Error(`no Fluent Emoji for ${code}: add it to demo/scripts/emoji-names.ts`)
  const box = `0 0 ${icon.width ?? iconSet.width} ${icon.height ?? iconSet.height}`
  return Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="${box}">${icon.body}</svg>`,
  )
}
const target = (url: string) => {
  const file = join(out, mediaFile(url))
  mkdirSync(dirname(file), { recursive: true })
  return file
}
const webp = (image: ReturnType<typeof sharp>, url: string) =>
  image.webp({ quality: 80, effort: 6 }).toFile(target(url))

const escapeXml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')

/** Font size that fits `text` into `width` px (bold sans averages about 0.58 em per character). */
const fit = (text: string, width: number, max: number) =>
  Math.min(max, Math.floor(width / (text.length * 0.58)))

async function emoji(name: string, size: number, colour?: DemoColour): Promise<Buffer> {
  const drawn = await sharp(emojiSvg(name, size)).png().toBuffer()
  return colour ? recolour(name, drawn, colour) : drawn
}

const sourceLch = new Map<string, Lch>()

/** Moves the emoji's coloured pixels towards the target colour: hue rotation, chroma and lightness ratios. */
async function recolour(name: string, drawn: Buffer, colour: DemoColour): Promise<Buffer> {
  let source = sourceLch.get(name)
  if (!source) {
    const { data, info } = await sharp(emojiSvg(name, 256))
      .ensureAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true })
    source = meanLch(data, info.channels)
    sourceLch.set(name, source)
  }
  const goal = hexToLch(colour.hex)
  const clamp = (value: number, low: number, high: number) => Math.min(high, Math.max(low, value))
  const hue = Math.round((((goal.h - source.h) % 360) + 360) % 360)
  return sharp(drawn)
    .modulate({
      hue,
      saturation: clamp(goal.c / Math.max(source.c, 1), 0.04, 1.6),
      brightness: clamp(goal.l / Math.max(source.l, 1), 0.3, 1.7),
    })
    .png()
    .toBuffer()
}

function squareBackground(size: number, colour: string): Buffer {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}">
  <defs>
    <radialGradient id="g" cx="50%" cy="42%" r="70%"><stop offset="0" stop-color="#ffffff" stop-opacity="0.75"/><stop offset="1" stop-color="#ffffff" stop-opacity="0"/></radialGradient>
    <filter id="b" x="-50%" y="-50%" width="200%" height="200%"><feGaussianBlur stdDeviation="${size / 40}"/></filter>
  </defs>
  <rect width="100%" height="100%" fill="${colour}"/>
  <rect width="100%" height="100%" fill="url(#g)"/>
  <ellipse cx="${size / 2}" cy="${size * 0.83}" rx="${size * 0.27}" ry="${size * 0.035}" fill="#000" opacity="0.13" filter="url(#b)"/>
</svg>`
  return Buffer.from(svg)
}

async function productImage(name: string, background: string, url: string, colour?: DemoColour) {
  const size = 1200
  const art = 800
  const layer = await emoji(name, art, colour)
  await webp(
    sharp(squareBackground(size, background)).composite([{ input: layer, left: (size - art) / 2, top: 160 }]),
    url,
  )
}

interface Panel {
  width: number
  height: number
  colors: [string, string]
  headline: string
  subline?: string
  cta: string
  /** Text block: left edge, top of headline, available width. */
  text: { x: number; y: number; width: number; size: number }
  emojis: { name: string; left: number; top: number; size: number }[]
}

async function panel(p: Panel, url: string) {
  const h = fit(p.headline, p.text.width, p.text.size)
  const s = p.subline ? fit(p.subline, p.text.width, Math.round(p.text.size * 0.45)) : 0
  const subY = p.text.y + h * 0.5 + s * 1.2
  const ctaY = (p.subline ? subY : p.text.y) + Math.max(s, h * 0.35) + 24
  const ctaSize = Math.round(Math.max(20, p.text.size * 0.3))
  const ctaWidth = Math.round(p.cta.length * ctaSize * 0.62 + ctaSize * 2)
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${p.width}" height="${p.height}">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${p.colors[0]}"/><stop offset="1" stop-color="${p.colors[1]}"/></linearGradient></defs>
  <rect width="100%" height="100%" fill="url(#g)"/>
  <circle cx="${p.width * 0.78}" cy="${p.height * 0.55}" r="${Math.min(p.width, p.height) * 0.42}" fill="#fff" opacity="0.35"/>
  <circle cx="${p.width * 0.95}" cy="${p.height * 0.08}" r="${Math.min(p.width, p.height) * 0.16}" fill="#fff" opacity="0.25"/>
  <text x="${p.text.x}" y="${p.text.y}" font-family="${FONT}" font-weight="700" font-size="${h}" fill="${INK}">${escapeXml(p.headline)}</text>
  ${p.subline ? `<text x="${p.text.x}" y="${subY}" font-family="${FONT}" font-size="${s}" fill="#3d444d">${escapeXml(p.subline)}</text>` : ''}
  <rect x="${p.text.x}" y="${ctaY}" width="${ctaWidth}" height="${ctaSize * 2.2}" rx="${ctaSize * 1.1}" fill="${BRAND}"/>
  <text x="${p.text.x + ctaWidth / 2}" y="${ctaY + ctaSize * 1.45}" text-anchor="middle" font-family="${FONT}" font-weight="700" font-size="${ctaSize}" fill="#fff">${escapeXml(p.cta)}</text>
</svg>`
  const layers = await Promise.all(
    p.emojis.map(async (e) => ({ input: await emoji(e.name, e.size), left: e.left, top: e.top })),
  )
  await webp(sharp(Buffer.from(svg)).composite(layers), url)
}

const CTA = { en: 'Shop now', de: 'Jetzt entdecken' }

async function siteImages(site: DemoSite) {
  const lang = site.imageLanguage
  for (const slide of site.slides) {
    const n = slide.emojis.length
    await panel(
      {
        width: 1600,
        height: 640,
        colors: slide.colors,
        headline: slide.headline[lang],
        subline: slide.subline[lang],
        cta: CTA[lang],
        text: { x: 120, y: 270, width: 760, size: 92 },
        emojis: slide.emojis.map((name, i) => {
          const size = i === 0 ? 380 : 240
          const left = i === 0 ? 980 : n === 2 ? 1290 : [0, 900, 1310][i]!
          const top = i === 0 ? 90 : i === 1 ? 360 : 60
          return { name, left, top, size }
        }),
      },
      media.slide(site.code, slide.key, 'large'),
    )
    await panel(
      {
        width: 800,
        height: 800,
        colors: slide.colors,
        headline: slide.headline[lang],
        subline: slide.subline[lang],
        cta: CTA[lang],
        text: { x: 64, y: 130, width: 672, size: 76 },
        emojis: slide.emojis.map((name, i) => ({
          name,
          size: i === 0 ? 340 : 200,
          left: i === 0 ? 230 : i === 1 ? 560 : 40,
          top: i === 0 ? 390 : i === 1 ? 560 : 560,
        })),
      },
      media.slide(site.code, slide.key, 'small'),
    )
  }
  for (const banner of site.banners) {
    await panel(
      {
        width: 800,
        height: 400,
        colors: banner.colors,
        headline: banner.headline[lang],
        cta: CTA[lang],
        text: { x: 48, y: 190, width: 440, size: 52 },
        emojis: [{ name: banner.emoji, left: 510, top: 70, size: 260 }],
      },
      media.banner(site.code, banner.key),
    )
  }
}

async function brandImages() {
  const bag = await emoji('1f6cd-fe0f', 96)
  const logo = `<svg xmlns="http://www.w3.org/2000/svg" width="480" height="120">
  <text x="124" y="76" font-family="${FONT}" font-weight="700" font-size="46" fill="${BRAND}">Fluent Goods</text>
</svg>`
  await webp(sharp(Buffer.from(logo)).composite([{ input: bag, left: 12, top: 12 }]), media.logo)
  const icon = `<svg xmlns="http://www.w3.org/2000/svg" width="256" height="256"><rect width="256" height="256" rx="56" fill="#e7efe9"/></svg>`
  await webp(
    sharp(Buffer.from(icon)).composite([{ input: await emoji('1f6cd-fe0f', 200), left: 28, top: 24 }]),
    media.icon,
  )
}

async function main() {
  for (const folder of ['products', 'slides', 'banners', 'brand'])
    rmSync(join(out, folder), { recursive: true, force: true })
  sharp.concurrency(1)
  const jobs: (() => Promise<unknown>)[] = []
  for (const p of products) {
    if (!p.emoji) continue
    const name = p.emoji
    const background = p.background ?? '#f1efeb'
    if (p.variants) {
      for (const c of p.variants.colours)
        jobs.push(() => productImage(name, background, media.variant(p, c), c))
    } else {
      jobs.push(() => productImage(name, background, media.product(p)))
    }
  }
  for (const site of sites) jobs.push(() => siteImages(site))
  jobs.push(brandImages)
  const workers = Array.from({ length: 4 }, async () => {
    for (let job = jobs.shift(); job; job = jobs.shift()) await job()
  })
  await Promise.all(workers)
  console.log('demo images written to demo/images')
}

await main()
