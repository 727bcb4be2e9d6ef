import sharp from 'sharp'
import { processImage } from '../apps/server/src/modules/media/media-processing.ts'
import { startShop } from '../e2e/support/shop.ts'
import { account } from '../e2e/support/staff.ts'
import { record } from './figures.ts'
import { benchEngines, load, printTable } from './load.ts'

const SIDE = 4000
const RUNS = Number(process.env.BENCH_IMAGES_RUNS ?? 3)
/** `BENCH_IMAGES_EFFORTS=false` leaves out the AVIF effort table (effort 4 alone takes 15–50 s). */
const EFFORTS = process.env.BENCH_IMAGES_EFFORTS !== 'false'

/** A photo-like 4000 × 4000 JPEG: coloured noise, blurred (a flat colour would flatter every encoder). */
async function bigPhoto(): Promise<Buffer> {
  const noise = await sharp({
    create: {
      width: SIDE,
      height: SIDE,
      channels: 3,
      background: '#808080',
      noise: { type: 'gaussian', mean: 128, sigma: 50 },
    },
  })
    .png({ compressionLevel: 1 })
    .toBuffer()
  return sharp(noise).blur(1.5).modulate({ saturation: 1.4 }).jpeg({ quality: 90 }).toBuffer()
}

async function timed<T>(work: () => Promise<T>): Promise<{ ms: number; result: T }> {
  const start = performance.now()
  const result = await work()
  return { ms: performance.now() - start, result }
}

/** What AVIF's effort costs at the largest width: the figures behind the choice in media-processing.ts. */
async function avifEfforts(photo: Buffer): Promise<void> {
  const base = await sharp(photo).resize({ width: 1920 }).raw().toBuffer({ resolveWithObject: true })
  const raw = { width: base.info.width, height: base.info.height, channels: base.info.channels }
  console.log('| AVIF effort (1920 × 1920, quality 50) | ms | bytes |')
  console.log('| ---: | ---: | ---: |')
  for (const effort of [0, 2, 4]) {
    const { ms, result } = await timed(() =>
      sharp(base.data, { raw }).avif({ quality: 50, effort }).toBuffer(),
    )
    console.log(`| ${effort} | ${ms.toFixed(0)} | ${result.length} |`)
  }
}

/**
 * `npm run bench -- images` (docs/decisions/0047-uploaded-images.md): the time to process a 4000 × 4000 photo
 * (decode once, every width in AVIF and WebP: what an upload waits for), in-process, median of RUNS; then, against
 * the real shop on each engine, the serving rate of a stored size against the bare health route in the same run.
 */
export async function run(): Promise<void> {
  const photo = await bigPhoto()
  console.log(`a ${SIDE} × ${SIDE} JPEG of ${(photo.length / 1024 / 1024).toFixed(1)} MB`)
  const times: number[] = []
  let files = 0
  let bytes = 0
  for (let i = 0; i < RUNS; i++) {
    const { ms, result } = await timed(() => processImage(photo))
    times.push(ms)
    files = result.files.length
    bytes = result.files.reduce((sum, f) => sum + f.bytes.length, 0)
  }
  times.sort((a, b) => a - b)
  const median = times[Math.floor(times.length / 2)] ?? 0
  console.log(`processed in ${times.map((t) => t.toFixed(0)).join(', ')} ms: ${files} files, ${bytes} bytes`)
  record({
    measure: `image processing of a ${SIDE} × ${SIDE} photo (${files} files: 5 widths × AVIF, WebP)`,
    engine: '—',
    value: `${(median / 1000).toFixed(2)} s`,
    raw: `median of ${RUNS}: ${times.map((t) => t.toFixed(0)).join(', ')} ms; ${bytes} bytes out`,
    target: 'an upload stays a few seconds',
  })
  if (EFFORTS) await avifEfforts(photo)

  const rows = []
  for (const engine of await benchEngines()) {
    const shop = await startShop(engine, { WEB_BUILD_DIR: '/nonexistent' })
    try {
      const staff = await account(shop.url, shop.databaseUrl, 'catalogue')
      const res = await fetch(`${shop.url}/api/owner/media`, {
        method: 'POST',
        headers: { authorization: `Bearer ${staff.token}`, 'content-type': 'image/jpeg' },
        body: new Uint8Array(photo),
      })
      if (res.status !== 201) throw new Error(`upload ${res.status} ${await res.text()}`)
      const { id } = (await res.json()) as { id: string }
      const health = await load('/api/health', `${shop.url}/api/health`)
      // The narrowest size (a few kB) shows the cost per request; the 960 one (a phone's, ~100 kB of noise) the
      // bytes; a demo image of 9 kB from MEDIA_DIR (@fastify/static, from disk) is the old way for comparison.
      const small = await load('/media/u/<id>/320.avif', `${shop.url}/media/u/${id}/320.avif`)
      const large = await load('/media/u/<id>/960.avif', `${shop.url}/media/u/${id}/960.avif`)
      const demo = await load(
        '/media/products/apple-juice.webp (disk)',
        `${shop.url}/media/products/apple-juice.webp`,
      )
      rows.push({ engine, ...health }, { engine, ...small }, { engine, ...large }, { engine, ...demo })
      record({
        measure: 'serving a stored image size (320 wide) ÷ /api/health (req/s)',
        engine,
        value: (small.requestsPerSecond / health.requestsPerSecond).toFixed(2),
        raw: `${small.requestsPerSecond} vs ${health.requestsPerSecond} req/s; 960 wide ${large.requestsPerSecond}, a demo file from disk ${demo.requestsPerSecond}`,
        target: 'close to 1 (served from the process cache)',
      })
    } finally {
      await shop.stop()
    }
  }
  printTable(rows)
}
