import type { ReactNode } from 'react';
import type { Pin } from '../../../lib/answers';
import { TEXTS } from '../../../lib/allTexts';
import { PinFeed } from './PinFeed';

/** The Pins related to one Pin, below its closeup (features/pins/PinCloseupPage.tsx). */
export function RelatedPins({ pin, empty }: { pin: Pin; empty: ReactNode }) {
  return <PinFeed source={{ kind: 'related', pinId: pin.id }} label={TEXTS.feed.moreIdeas} excludeIds={[pin.id]} empty={empty} />;
}
