/**
 * A stored image's variants share one base name: `ab/cd/<hex>_<variant>.<ext>`.
 * The base is what Pins record, so an image request can be traced to the
 * Pins (and boards) that use it.
 */
const KEY_PATTERN = /^([0-9a-f]{2}\/[0-9a-f]{2}\/[0-9a-f]{32})_(170x|236x|474x|736x|1200x|orig)\.(jpg|png|webp|gif)$/;

export function mediaBaseOfKey(key: string): string | null {
  return KEY_PATTERN.exec(key)?.[1] ?? null;
}
