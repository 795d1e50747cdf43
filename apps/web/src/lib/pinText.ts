import { isExternalLinkSafe } from '@pinboard/shared/text/links';
import { truncate, truncateTitle } from '@pinboard/shared/text/truncate';
import type { Pin, PinImage } from './answers';
import type { PinImageSize } from './pinTypes';
import { TEXTS } from './texts';

/** Alt text: the Pin's alt text, else its title, else its description, else who pinned it. */
export function pinAltText(pin: Pick<Pin, 'alt_text' | 'title' | 'description' | 'pinner'>): string {
  const text = [pin.alt_text, pin.title, pin.description].map((s) => s?.trim() ?? '').find((s) => s !== '');
  return text ? truncate(text, 200) : TEXTS.pin.imageBy({ name: pin.pinner.full_name || pin.pinner.username });
}

/** The title shown under a card and on the closeup (trimmed, cut at 200). */
export function pinTitle(pin: Pick<Pin, 'title'>): string {
  return truncateTitle(pin.title ?? '');
}

/** 'example.com' for a safe external link, else null. */
export function linkDomain(link: string | null | undefined): string | null {
  if (!link || !isExternalLinkSafe(link)) return null;
  try {
    return new URL(link).hostname.replace(/^www\./, '');
  } catch {
    return null;
  }
}

/** `srcset` with width descriptors for the given sizes that exist. */
export function srcSetOf(images: Pin['images'], sizes: readonly PinImageSize[]): string {
  const seen = new Set<string>();
  const parts: string[] = [];
  for (const size of sizes) {
    const image: PinImage | undefined = images[size];
    if (!image || seen.has(image.url)) continue;
    seen.add(image.url);
    parts.push(`${image.url} ${image.width}w`);
  }
  return parts.join(', ');
}

export function firstImage(images: Pin['images'], sizes: readonly PinImageSize[]): PinImage | null {
  for (const size of sizes) {
    const image = images[size];
    if (image) return image;
  }
  return null;
}
