import { useRef, type KeyboardEvent } from 'react';
import { Icon, type IconName } from '../../../components/Icon/Icon';
import styles from './Segmented.module.css';

export interface SegmentOption<T extends string> {
  id: T;
  label: string;
  icon?: IconName;
}

/**
 * Arrow keys move the focus between the buttons of a group, Home and End to
 * its ends; Space or Enter then presses the focused one (as react-aria's
 * ToggleButtonGroup does). Only one button of the group is in the Tab order.
 */
function useArrowKeys() {
  const group = useRef<HTMLDivElement>(null);
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const buttons = [...(group.current?.querySelectorAll<HTMLButtonElement>('button') ?? [])];
    const at = buttons.indexOf(document.activeElement as HTMLButtonElement);
    if (at < 0) return;
    const step = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 }[event.key];
    const next = step !== undefined ? (at + step + buttons.length) % buttons.length : event.key === 'Home' ? 0 : event.key === 'End' ? buttons.length - 1 : -1;
    if (next < 0) return;
    event.preventDefault();
    for (const [index, button] of buttons.entries()) button.tabIndex = index === next ? 0 : -1;
    buttons[next]?.focus();
  };
  return { ref: group, onKeyDown };
}

/** One choice among a few (a radio group of pill buttons). */
export function SingleChoice<T extends string>({
  label,
  options,
  value,
  onChange,
  iconsOnly = false,
}: {
  label: string;
  options: readonly SegmentOption<T>[];
  value: T;
  onChange: (value: T) => void;
  iconsOnly?: boolean;
}) {
  const keys = useArrowKeys();
  return (
    <div {...keys} role="radiogroup" aria-label={label} className={styles.group}>
      {options.map((option) => (
        <button
          key={option.id}
          type="button"
          role="radio"
          aria-checked={option.id === value}
          tabIndex={option.id === value ? 0 : -1}
          data-selected={option.id === value || undefined}
          className={styles.button}
          aria-label={iconsOnly ? option.label : undefined}
          onClick={() => option.id !== value && onChange(option.id)}
        >
          {option.icon && <Icon name={option.icon} size={16} />}
          {!iconsOnly && <span>{option.label}</span>}
        </button>
      ))}
    </div>
  );
}

/** Filters that combine (toggle buttons). */
export function MultiChoice<T extends string>({
  label,
  options,
  value,
  onChange,
}: {
  label: string;
  options: readonly SegmentOption<T>[];
  value: ReadonlySet<T>;
  onChange: (value: Set<T>) => void;
}) {
  const keys = useArrowKeys();
  return (
    <div {...keys} role="toolbar" aria-label={label} className={styles.group}>
      {options.map((option, index) => {
        const pressed = value.has(option.id);
        return (
          <button
            key={option.id}
            type="button"
            aria-pressed={pressed}
            tabIndex={index === 0 ? 0 : -1}
            data-selected={pressed || undefined}
            className={styles.button}
            onClick={() => {
              const next = new Set(value);
              if (pressed) next.delete(option.id);
              else next.add(option.id);
              onChange(next);
            }}
          >
            {option.label}
          </button>
        );
      })}
    </div>
  );
}
