import { useState } from 'react';
import type { TCaptionsInput } from '@pinboard/shared/schemas/pins';
import { Button } from '../../../components/Button/Button';
import { TextInput } from '../../../components/Field/Field';
import * as TEXTS from '../../../lib/allTexts';

/** What the form sends: undefined leaves the captions as they are, null removes them. */
export type CaptionsChange = TCaptionsInput | null | undefined;

/**
 * A video Pin's captions on its edit form: a WebVTT file (read as text here,
 * checked by the server) and its language tag; the attached ones can be removed.
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
  return (
    <fieldset style={{ border: 0, padding: 0, margin: 0, display: 'grid', gap: 8 }}>
      {current && value === undefined && (
        <p style={{ margin: 0, display: 'flex', alignItems: 'center', gap: 12 }}>
          {TEXTS.video.captionsAttached(current.language)}
          <Button variant="secondary" size="small" onPress={() => onChange(null)} isDisabled={disabled}>
            {TEXTS.video.removeCaptions}
          </Button>
        </p>
      )}
      <label style={{ display: 'grid', gap: 4, fontWeight: 600 }}>
        {TEXTS.video.captionsFile}
        <input
          type="file"
          accept=".vtt,text/vtt"
          disabled={disabled}
          onChange={(event) => {
            const file = event.target.files?.[0];
            if (!file) return;
            void file.text().then((vtt) => onChange({ vtt, language }));
          }}
        />
      </label>
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
