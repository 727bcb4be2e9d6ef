import {
  backofficeMediaApi,
  type StaffMedia,
  type StaffMediaList,
  type UploadedMedia,
} from '@shop/contracts/backoffice-media'
import { pathOf } from '@shop/contracts/endpoint'
import type { ApiError } from '@shop/contracts/errors'
import type { AdminKey, AdminTranslate } from '../../i18n/admin.ts'

/**
 * The images section's calls, made by the browser itself (docs/decisions/0048-admin-images.md): the upload must
 * report its progress, which only XMLHttpRequest does. Same origin, the token cookie; the API's own checks.
 */
export type Failure = { ok: false; status: number; type: string }

const REASONS: Record<string, AdminKey> = {
  not_an_image: 'IMAGE_NOT_AN_IMAGE',
  file_too_large: 'IMAGE_FILE_TOO_LARGE',
  fst_err_ctp_body_too_large: 'IMAGE_FILE_TOO_LARGE',
  image_too_large: 'IMAGE_TOO_MANY_PIXELS',
}

/** Why an upload failed, in the staff member's language. */
export const reasonOf = (t: AdminTranslate, failure: Failure) =>
  failure.status === 401 || failure.status === 403
    ? t('IMAGE_SIGNED_OUT')
    : t(REASONS[failure.type] ?? 'IMAGE_UPLOAD_ERROR')

/** The types the upload takes (the server checks the bytes themselves). */
export const IMAGE_TYPES = 'image/jpeg,image/png,image/webp,image/avif,image/gif'

function failureOf(status: number, text: string): Failure {
  try {
    return { ok: false, status, type: (JSON.parse(text) as ApiError).type }
  } catch {
    return { ok: false, status, type: 'network' }
  }
}

/** Sends one file as the request body; `onProgress` gets the share sent so far (0 to 1). */
export function uploadImage(
  file: Blob,
  onProgress: (share: number) => void,
): Promise<{ ok: true; media: UploadedMedia } | Failure> {
  return new Promise((resolve) => {
    const xhr = new XMLHttpRequest()
    xhr.open('POST', pathOf(backofficeMediaApi.upload))
    xhr.setRequestHeader('content-type', file.type || 'application/octet-stream')
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total)
    }
    xhr.onload = () => {
      if (xhr.status === 201) resolve({ ok: true, media: JSON.parse(xhr.responseText) as UploadedMedia })
      else resolve(failureOf(xhr.status, xhr.responseText))
    }
    xhr.onerror = () => resolve({ ok: false, status: 0, type: 'network' })
    xhr.send(file)
  })
}

/** Saves the product's whole list: order, alt texts, which stay. */
export async function saveProductImages(
  productId: string,
  media: StaffMedia[],
): Promise<{ ok: true; list: StaffMediaList } | Failure> {
  try {
    const res = await fetch(pathOf(backofficeMediaApi.setProductMedia, { productId }), {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ media: media.map((m) => ({ id: m.id, alt: m.alt })) }),
    })
    const text = await res.text()
    return res.ok ? { ok: true, list: JSON.parse(text) as StaffMediaList } : failureOf(res.status, text)
  } catch {
    return { ok: false, status: 0, type: 'network' }
  }
}
