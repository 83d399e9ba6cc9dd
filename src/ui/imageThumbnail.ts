/**
 * The list-sized copy of an event image, made in the browser when the image is chosen for upload: lists show
 * thumbnails at 60×40 (000 §9) and should not download originals of up to 100 MB. 120×80 keeps it sharp on 2×
 * screens; the middle of the image is kept (as the list's cover fit would show it), as a JPEG.
 */
export const THUMBNAIL_SIZE = { width: 120, height: 80 } as const;

/** The source rectangle that fills `dst` without distortion, centred (CSS object-fit: cover). */
export function coverCrop(src: { width: number; height: number }, dst: { width: number; height: number }): { sx: number; sy: number; sw: number; sh: number } {
  const scale = Math.max(dst.width / src.width, dst.height / src.height);
  const sw = dst.width / scale;
  const sh = dst.height / scale;
  return { sx: (src.width - sw) / 2, sy: (src.height - sh) / 2, sw, sh };
}

/** The thumbnail of an image file, or null when the browser cannot decode it (the server then lists the image itself). */
export async function makeThumbnail(file: Blob): Promise<File | null> {
  try {
    const bitmap = await createImageBitmap(file);
    const { width, height } = THUMBNAIL_SIZE;
    const canvas = document.createElement('canvas');
    canvas.width = width;
    canvas.height = height;
    const ctx = canvas.getContext('2d');
    if (!ctx) return null;
    const { sx, sy, sw, sh } = coverCrop(bitmap, THUMBNAIL_SIZE);
    ctx.imageSmoothingQuality = 'high';
    ctx.drawImage(bitmap, sx, sy, sw, sh, 0, 0, width, height);
    bitmap.close();
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', 0.85));
    return blob ? new File([blob], 'thumbnail.jpg', { type: 'image/jpeg' }) : null;
  } catch {
    return null;
  }
}
