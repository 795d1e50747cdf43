import { invalid } from './app-error';

/** Decodes a `data:image/...;base64,` URL (or bare base64); the bytes are checked later, never the declared type. */
export function decodeBase64Image(value: string): Buffer {
  const comma = value.startsWith('data:') ? value.indexOf(',') : -1;
  const payload = comma >= 0 ? value.slice(comma + 1) : value;
  if (!/^[A-Za-z0-9+/=\s]*$/.test(payload)) throw invalid('image_base64: not valid base64.');
  return Buffer.from(payload, 'base64');
}
