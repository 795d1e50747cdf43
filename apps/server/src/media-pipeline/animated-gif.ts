/**
 * Whether image bytes are an animated GIF (by its bytes: the GIF signature,
 * then more than one frame as libvips counts them), which becomes a GIF Pin
 * played as a looping video (decision 044); a one-frame GIF stays an image.
 */
import sharp from 'sharp';

export async function isAnimatedGif(bytes: Buffer): Promise<boolean> {
  if (bytes.length < 6) return false;
  const signature = bytes.toString('latin1', 0, 6);
  if (signature !== 'GIF87a' && signature !== 'GIF89a') return false;
  try {
    const meta = await sharp(bytes, { limitInputPixels: 50_000_000 }).metadata();
    return (meta.pages ?? 1) > 1;
  } catch {
    // Not decodable: the image pipeline refuses it with its own reason.
    return false;
  }
}
