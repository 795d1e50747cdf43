import type { Key } from 'react-aria-components';
import { ToggleButton, ToggleButtonGroup } from 'react-aria-components';
import { Icon, type IconName } from '../../../components/Icon/Icon';
import styles from './Segmented.module.css';

export interface SegmentOption<T extends string> {
  id: T;
  label: string;
  icon?: IconName;
}

/** One choice among a few (a radio group of pill buttons). */
export function SingleChoice<T extends string>({ label, options, value, onChange, iconsOnly = false }: { label: string; options: readonly SegmentOption<T>[]; value: T; onChange: (value: T) => void; iconsOnly?: boolean }) {
  return (
    <ToggleButtonGroup
      aria-label={label}
      className={styles.group}
      selectionMode="single"
      disallowEmptySelection
      selectedKeys={[value]}
      onSelectionChange={(keys: Set<Key>) => {
        const [next] = [...keys];
        if (next !== undefined) onChange(String(next) as T);
      }}
    >
      {options.map((option) => (
        <ToggleButton key={option.id} id={option.id} className={styles.button} aria-label={iconsOnly ? option.label : undefined}>
          {option.icon && <Icon name={option.icon} size={16} />}
          {!iconsOnly && <span>{option.label}</span>}
        </ToggleButton>
      ))}
    </ToggleButtonGroup>
  );
}

/** Filters that combine (toggle buttons). */
export function MultiChoice<T extends string>({ label, options, value, onChange }: { label: string; options: readonly SegmentOption<T>[]; value: ReadonlySet<T>; onChange: (value: Set<T>) => void }) {
  return (
    <ToggleButtonGroup
      aria-label={label}
      className={styles.group}
      selectionMode="multiple"
      selectedKeys={[...value]}
      onSelectionChange={(keys: Set<Key>) => onChange(new Set([...keys].map((key) => String(key) as T)))}
    >
      {options.map((option) => (
        <ToggleButton key={option.id} id={option.id} className={styles.button}>
          {option.label}
        </ToggleButton>
      ))}
    </ToggleButtonGroup>
  );
}
