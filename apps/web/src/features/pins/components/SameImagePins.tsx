import { TEXTS } from '../../../lib/allTexts';
import { useSameImagePins } from '../duplicates.api';
import { PinCard } from './PinCard';
import styles from './SameImagePins.module.css';

/**
 * "Same picture elsewhere" under a closeup (decision 095): the Pins of the same picture the viewer may see. Asked
 * after the closeup is shown and placed below it, out of the first screen; nothing at all when there are none.
 */
export function SameImagePins({ pinId }: { pinId: string }) {
  const pins = useSameImagePins(pinId).data ?? [];
  if (pins.length === 0) return null;
  return (
    <section className={styles.section} aria-labelledby="same-image-heading">
      <h2 id="same-image-heading" className={styles.heading}>
        {TEXTS.pin.sameImageHeading}
      </h2>
      <ul className={styles.row}>
        {pins.map((pin) => (
          <li key={pin.id} className={styles.item}>
            <PinCard pin={pin} columnWidth={180} showBoardName dense />
          </li>
        ))}
      </ul>
    </section>
  );
}
