/** The back office's texts: images (see ../admin.ts). de has exactly the same keys. */
export const en = {
  IMAGES: 'Images',
  IMAGES_HINT:
    'Drop images here or choose them: JPEG, PNG, WebP, AVIF or GIF, up to 20 MB each. The first image is the main one.',
  CHOOSE_IMAGES: 'Choose images',
  NO_IMAGES: 'No images yet.',
  UPLOADING: 'Uploading {name}',
  UPLOAD_DONE: '{name} uploaded.',
  UPLOAD_FAILED: '{name}: {reason}',
  IMAGE_NOT_AN_IMAGE: 'this file is not a JPEG, PNG, WebP, AVIF or GIF image.',
  IMAGE_FILE_TOO_LARGE: 'the file is larger than 20 MB.',
  IMAGE_TOO_MANY_PIXELS: 'the image has too many pixels (at most 40 megapixels).',
  IMAGE_UPLOAD_ERROR: 'the upload failed. Please try again.',
  IMAGE_SIGNED_OUT: 'your session has ended. Sign in again and retry.',
  IMAGE_N: 'Image {n}',
  ALT_TEXT: 'Alt text ({language})',
  ALT_HINT: 'What the image shows, for people who cannot see it.',
  IMAGE_MOVE_UP: 'Move image {n} up',
  IMAGE_MOVE_DOWN: 'Move image {n} down',
  REMOVE_IMAGE: 'Remove image {n}',
  SAVE_IMAGE_TEXTS: 'Update alt texts',
  IMAGES_SAVED: 'Images saved.',
  IMAGES_SAVE_FAILED: 'The images could not be saved. Reload the page and try again.',
}

export const de: Record<keyof typeof en, string> = {
  IMAGES: 'Bilder',
  IMAGES_HINT:
    'Bilder hierher ziehen oder auswählen: JPEG, PNG, WebP, AVIF oder GIF, je bis 20 MB. Das erste Bild ist das Hauptbild.',
  CHOOSE_IMAGES: 'Bilder auswählen',
  NO_IMAGES: 'Noch keine Bilder.',
  UPLOADING: '{name} wird hochgeladen',
  UPLOAD_DONE: '{name} hochgeladen.',
  UPLOAD_FAILED: '{name}: {reason}',
  IMAGE_NOT_AN_IMAGE: 'diese Datei ist kein JPEG-, PNG-, WebP-, AVIF- oder GIF-Bild.',
  IMAGE_FILE_TOO_LARGE: 'die Datei ist größer als 20 MB.',
  IMAGE_TOO_MANY_PIXELS: 'das Bild hat zu viele Pixel (höchstens 40 Megapixel).',
  IMAGE_UPLOAD_ERROR: 'das Hochladen ist fehlgeschlagen. Bitte versuchen Sie es erneut.',
  IMAGE_SIGNED_OUT:
    'Ihre Sitzung ist abgelaufen. Melden Sie sich erneut an und versuchen Sie es noch einmal.',
  IMAGE_N: 'Bild {n}',
  ALT_TEXT: 'Alternativtext ({language})',
  ALT_HINT: 'Was das Bild zeigt, für Menschen, die es nicht sehen können.',
  IMAGE_MOVE_UP: 'Bild {n} nach oben',
  IMAGE_MOVE_DOWN: 'Bild {n} nach unten',
  REMOVE_IMAGE: 'Bild {n} entfernen',
  SAVE_IMAGE_TEXTS: 'Alternativtexte übernehmen',
  IMAGES_SAVED: 'Bilder gespeichert.',
  IMAGES_SAVE_FAILED:
    'Die Bilder konnten nicht gespeichert werden. Laden Sie die Seite neu und versuchen Sie es erneut.',
}
