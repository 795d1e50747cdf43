import { useId, useState } from 'react';
import type { TCaptionsInput } from '@pinboard/shared/schemas/pins';
import { Button } from '../../../components/Button/Button';
import { TextInput } from '../../../components/Field/Field';
import { Icon } from '../../../components/Icon/AllIcons';
import { TEXTS } from '../../../lib/allTexts';
import styles from './CaptionsFields.module.css';

/** What the form sends: undefined leaves the captions as they are, null removes them. */
export type CaptionsChange = TCaptionsInput | null | undefined;

/**
 * A video Pin's captions on its create and edit forms: a WebVTT file (read as
 * text here, checked by the server) and its language tag; the attached ones can
 * be removed. The file is chosen in the product's file picker (a dashed box whose
 * whole area is the native input, so the keyboard reaches and opens it), which
 * names the chosen file.
 */
export function CaptionsFields({
  current,
  value,
  onChange,
  disabled,
}: {
  current: { language: string } | null;
  value: CaptionsChange;
  onChange: (next: CaptionsChange) => void;
  disabled?: boolean;
}) {
  const [language, setLanguage] = useState(() => current?.language ?? (typeof navigator === 'undefined' ? 'en' : navigator.language) ?? 'en');
  const [fileName, setFileName] = useState<string | null>(null);
  const id = useId();
  return (
    <fieldset className={styles.fields}>
      {current && value === undefined && (
        <p className={styles.attached}>
          {TEXTS.video.captionsAttached({ language: current.language })}
          <Button variant="secondary" size="small" onPress={() => onChange(null)} isDisabled={disabled}>
            {TEXTS.video.removeCaptions}
          </Button>
        </p>
      )}
      <span className={styles.label} id={`${id}-label`}>
        {TEXTS.video.captionsFile}
      </span>
      <div className={styles.picker} data-disabled={disabled || undefined}>
        <span className={styles.icon} aria-hidden="true">
          <Icon name="captions" size={20} />
        </span>
        <span className={styles.text}>
          <span className={styles.action} id={`${id}-action`}>
            {TEXTS.video.captionsChoose}
          </span>
          <span className={styles.fileName} id={`${id}-name`} aria-live="polite">
            {fileName && value ? TEXTS.video.captionsChosen({ name: fileName }) : TEXTS.video.captionsNone}
          </span>
        </span>
        <input
          className={styles.input}
          type="file"
          accept=".vtt,text/vtt"
          disabled={disabled}
          aria-labelledby={`${id}-label ${id}-action`}
          aria-describedby={`${id}-name`}
          onChange={(event) => {
            const file = event.target.files?.[0];
            event.target.value = '';
            if (!file) return;
            void file.text().then((vtt) => {
              setFileName(file.name);
              onChange({ vtt, language });
            });
          }}
        />
      </div>
      <TextInput
        label={TEXTS.video.captionsLanguage}
        value={language}
        disabled={disabled}
        onChange={(event) => {
          setLanguage(event.target.value);
          if (value) onChange({ ...value, language: event.target.value });
        }}
      />
    </fieldset>
  );
}
