import { Icon } from '../../../components/Icon/Icon';
import styles from './HeaderSearch.module.css';

/** A suggestion of the header's search box: typed ahead, or one of the empty box's (decision 084). */
export interface Suggestion {
  label: string;
  /** Where it leads; null: the results for its label. */
  url: string | null;
  /** Instead of leading anywhere, does this (the empty box's "Clear"). */
  run?: () => void;
}

/**
 * One option of the box's listbox. The pointer makes it the active one only when it moves over
 * it, so a list that opens under a resting pointer does not pick what Enter chooses.
 */
export function SuggestionOption({
  id,
  item,
  icon,
  selected,
  onChoose,
  onPoint,
}: {
  id: string;
  item: Suggestion;
  icon: 'search' | 'restore' | 'close';
  selected: boolean;
  onChoose: (item: Suggestion) => void;
  onPoint: () => void;
}) {
  return (
    <li
      id={id}
      role="option"
      aria-selected={selected}
      className={styles.option}
      onMouseDown={(event) => event.preventDefault()}
      onClick={() => onChoose(item)}
      onMouseMove={selected ? undefined : onPoint}
    >
      <Icon name={icon} size={16} className={styles.optionIcon} />
      <span>{item.label}</span>
    </li>
  );
}
