export type ImageRejectionReason = 'empty' | 'too_large' | 'unsupported_type' | 'too_many_pixels' | 'corrupt';

const MESSAGES: Record<ImageRejectionReason, string> = {
  empty: 'The image is empty.',
  too_large: 'Images can be at most 20 MB.',
  unsupported_type: 'Only JPEG, PNG, WebP and GIF images are accepted.',
  too_many_pixels: 'Images can be at most 50 megapixels.',
  corrupt: 'The image could not be read.',
};

/** Each message's `serverErrors.*` key (decision 042), sent as `message_key`. */
export const IMAGE_REJECTION_KEYS: Record<ImageRejectionReason, string> = {
  empty: 'media.imageEmpty',
  too_large: 'media.imageTooLarge',
  unsupported_type: 'media.imageType',
  too_many_pixels: 'media.imagePixels',
  corrupt: 'media.imageCorrupt',
};

const STATUS: Record<ImageRejectionReason, 400 | 413 | 415> = {
  empty: 400,
  too_large: 413,
  unsupported_type: 415,
  too_many_pixels: 413,
  corrupt: 400,
};

/**
 * Thrown by `processImage` when an upload/fetched image is refused.
 * `message` is safe to show to the user; `httpStatus` is what the API should answer with.
 * The underlying decoder error (if any) is kept in `cause` for logging only.
 */
export class ImageRejectedError extends Error {
  readonly reason: ImageRejectionReason;
  readonly httpStatus: 400 | 413 | 415;

  constructor(reason: ImageRejectionReason, options?: { cause?: unknown }) {
    super(MESSAGES[reason], options);
    this.name = 'ImageRejectedError';
    this.reason = reason;
    this.httpStatus = STATUS[reason];
  }
}
