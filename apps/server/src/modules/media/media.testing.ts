import sharp from 'sharp'

/** A photo-like image (noise, blurred, in colour), not a flat colour that any encoder squeezes to nothing. */
export async function photo(width: number, height: number, format: 'png' | 'jpeg' = 'jpeg'): Promise<Buffer> {
  const noisy = await sharp({
    create: {
      width,
      height,
      channels: 3,
      background: '#808080',
      noise: { type: 'gaussian', mean: 128, sigma: 60 },
    },
  })
    .png()
    .toBuffer()
  const image = sharp(noisy).blur(2).modulate({ saturation: 1.5 })
  return format === 'png' ? image.png().toBuffer() : image.jpeg({ quality: 90 }).toBuffer()
}

/** An SVG with a script inside: never to be taken as an image, whatever the file is called. */
export const SCRIPTED_SVG = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100"><script>alert(document.cookie)</script><rect width="100" height="100" fill="red"/></svg>',
)
