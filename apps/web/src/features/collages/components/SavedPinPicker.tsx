import { useState } from 'react';
import { TextInput } from '../../../components/Field/Field';
import { Icon } from '../../../components/Icon/Icon';
import { InfiniteSentinel } from '../../../components/masonry/InfiniteSentinel';
import { Spinner } from '../../../components/Spinner/Spinner';
import { firstImage, pinAltText, pinTitle } from '../../../lib/pinText';
import { TEXTS } from '../../../lib/allTexts';
import { useDebouncedValue } from '../../../lib/useDebouncedValue';
import { useFeed } from '../../feeds/feeds.queries';
import type { Pin } from '../../pins/pins.api';
import { useSearchResults } from '../../search/search.queries';
import styles from './SavedPinPicker.module.css';

/** Search waits this long after the last key press. */
const SEARCH_DELAY_MS = 300;

/**
 * The person's saved Pins as a grid to pick collage images from; typing
 * searches their own Pins. Picking a Pin adds its image to the canvas.
 */
export function SavedPinPicker({ username, disabled, onPick }: { username: string; disabled: boolean; onPick: (pin: Pin) => void }) {
  const [query, setQuery] = useState('');
  const settled = useDebouncedValue(query.trim(), SEARCH_DELAY_MS);
  const searching = settled !== '';
  const saved = useFeed({ kind: 'user', username }, { enabled: !searching });
  const found = useSearchResults(settled, 'my_pins', { enabled: searching });
  const source = searching ? found : saved;
  const pins = (source.data?.pages ?? []).flatMap((page) => page.data);

  return (
    <section className={styles.picker} aria-labelledby="collage-picker-heading">
      <h2 id="collage-picker-heading" className={styles.heading}>
        {TEXTS.collages.pickHeading}
      </h2>
      <TextInput
        label={TEXTS.collages.searchLabel}
        hideLabel
        type="search"
        placeholder={TEXTS.collages.searchLabel}
        value={query}
        onChange={(event) => setQuery(event.target.value)}
      />
      {source.isPending ? (
        <Spinner />
      ) : pins.length === 0 ? (
        <p className={styles.empty}>{searching ? TEXTS.collages.noResults : TEXTS.collages.noSavedPins}</p>
      ) : (
        <ul className={styles.grid}>
          {pins.map((pin) => {
            const image = firstImage(pin.images, ['236x', '474x', 'orig']);
            const name = pinTitle(pin) || pinAltText(pin);
            return (
              <li key={pin.id}>
                <button
                  type="button"
                  className={styles.choice}
                  aria-label={TEXTS.collages.addImage({ title: name })}
                  disabled={disabled}
                  onClick={() => onPick(pin)}
                  style={{ aspectRatio: `${pin.width || 1} / ${pin.height || 1}`, backgroundColor: pin.dominant_color }}
                >
                  {image && <img src={image.url} alt="" loading="lazy" />}
                  <span className={styles.add} aria-hidden="true">
                    <Icon name="plus" size={16} />
                  </span>
                </button>
              </li>
            );
          })}
        </ul>
      )}
      <InfiniteSentinel
        hasMore={!!source.hasNextPage}
        isLoading={source.isFetchingNextPage}
        onLoadMore={() => void source.fetchNextPage()}
        rootMargin="400px 0px"
      />
    </section>
  );
}
