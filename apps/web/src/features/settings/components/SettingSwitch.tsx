import { useId } from 'react';
import { Switch } from 'react-aria-components';
import styles from './Settings.module.css';

export interface SettingSwitchProps {
  label: string;
  help?: string;
  isSelected: boolean;
  onChange: (selected: boolean) => void;
  isDisabled?: boolean;
}

/** A labelled on/off switch with a line of help under it. */
export function SettingSwitch({ label, help, isSelected, onChange, isDisabled }: SettingSwitchProps) {
  const helpId = useId();
  return (
    <div className={styles.switchRow}>
      <Switch className={styles.switch} isSelected={isSelected} onChange={onChange} isDisabled={isDisabled} aria-describedby={help ? helpId : undefined}>
        <span className={styles.switchText}>{label}</span>
        <span className={styles.track} aria-hidden="true">
          <span className={styles.thumb} />
        </span>
      </Switch>
      {help && (
        <p id={helpId} className={styles.help}>
          {help}
        </p>
      )}
    </div>
  );
}
