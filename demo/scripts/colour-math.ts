/** sRGB → CIE LCh (D65), enough to steer sharp's modulate(), which works in LCh. */
export interface Lch {
  l: number
  c: number
  h: number
}

const linear = (v: number) => {
  const x = v / 255
  return x <= 0.04045 ? x / 12.92 : ((x + 0.055) / 1.055) ** 2.4
}
const f = (t: number) => (t > 216 / 24389 ? Math.cbrt(t) : (24389 / 27 / 116) * t + 16 / 116)

export function rgbToLch(r: number, g: number, b: number): Lch {
  const [lr, lg, lb] = [linear(r), linear(g), linear(b)]
  const x = (0.4124 * lr + 0.3576 * lg + 0.1805 * lb) / 0.95047
  const y = 0.2126 * lr + 0.7152 * lg + 0.0722 * lb
  const z = (0.0193 * lr + 0.1192 * lg + 0.9505 * lb) / 1.08883
  const l = 116 * f(y) - 16
  const a = 500 * (f(x) - f(y))
  const bb = 200 * (f(y) - f(z))
  const h = ((Math.atan2(bb, a) * 180) / Math.PI + 360) % 360
  return { l, c: Math.hypot(a, bb), h }
}

export function hexToLch(hex: string): Lch {
  const n = Number.parseInt(hex.slice(1), 16)
  return rgbToLch((n >> 16) & 255, (n >> 8) & 255, n & 255)
}

/** Chroma-weighted mean colour of the opaque, coloured pixels of an RGBA buffer (circular mean of hue). */
export function meanLch(data: Buffer, channels: number): Lch {
  let weight = 0
  let l = 0
  let c = 0
  let hx = 0
  let hy = 0
  for (let i = 0; i < data.length; i += channels) {
    if ((data[i + 3] ?? 255) < 160) continue
    const p = rgbToLch(data[i]!, data[i + 1]!, data[i + 2]!)
    if (p.c < 12) continue
    const w = p.c
    weight += w
    l += p.l * w
    c += p.c * w
    hx += Math.cos((p.h * Math.PI) / 180) * w
    hy += Math.sin((p.h * Math.PI) / 180) * w
  }
  if (!weight) return { l: 50, c: 1, h: 0 }
  return { l: l / weight, c: c / weight, h: ((Math.atan2(hy, hx) * 180) / Math.PI + 360) % 360 }
}
