import type { TAlreadySaved } from '@pinboard/shared/schemas/pins';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { TEXTS } from '../../../lib/allTexts';
import { sha256Hex, useAlreadySaved } from '../duplicates.api';

/**
 * "Already saved to {board} and {board}" (decision 095): one board, two, two and one other, two and {count} others.
 */
export function alreadySavedText(names: string[]): string {
  const [first = '', second = ''] = names;
  if (names.length === 1) return TEXTS.pin.alreadySavedOne({ first });
  if (names.length === 2) return TEXTS.pin.alreadySavedTwo({ first, second });
  if (names.length === 3) return TEXTS.pin.alreadySavedThree({ first, second });
  return TEXTS.pin.alreadySavedMany({ first, second, count: names.length - 2 });
}

/**
 * The note under a picture the viewer is looking at, saving or about to save: their own boards with the same picture
 * or link. Nothing at all when there are none (or while it is asked). The first board links to it.
 */
export function AlreadySavedNote({ query, className }: { query: TAlreadySaved; className?: string | undefined }) {
  const boards = useAlreadySaved(query).data ?? [];
  if (boards.length === 0) return null;
  const first = boards[0]!;
  return (
    <p className={className} role="status" data-testid="already-saved">
      <Link to={first.url}>{alreadySavedText(boards.map((b) => b.name))}</Link>
    </p>
  );
}

/** The note for an image file about to be uploaded: asked by the SHA-256 of its bytes, once the browser has it. */
export function AlreadySavedForFile({ file, className }: { file: File; className?: string | undefined }) {
  const [hash, setHash] = useState<{ file: File; hex: string } | null>(null);
  useEffect(() => {
    let live = true;
    void sha256Hex(file).then((hex) => live && hex && setHash({ file, hex }));
    return () => {
      live = false;
    };
  }, [file]);
  return hash && hash.file === file ? <AlreadySavedNote query={{ content_sha256: hash.hex }} className={className} /> : null;
}
