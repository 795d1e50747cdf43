import { useState } from 'react';
import { THEMES, type Theme } from '@pinboard/shared/constants/theme';
import { Select } from '../../../components/Field/Field';
import { TEXTS } from '../../../lib/allTexts';
import { applyTheme, storedTheme } from '../../../lib/theme';

/** Light, dark or the device's: kept on this device and applied at once (decision 063). */
export function ThemeSelect() {
  const [theme, setTheme] = useState<Theme>(storedTheme);
  return (
    <Select
      label={TEXTS.theme.label}
      name="theme"
      value={theme}
      help={TEXTS.theme.help}
      onChange={(event) => {
        const next = THEMES.find((t) => t === event.target.value) ?? 'system';
        applyTheme(next);
        setTheme(next);
      }}
    >
      {THEMES.map((t) => (
        <option key={t} value={t}>
          {TEXTS.theme.option({ theme: t })}
        </option>
      ))}
    </Select>
  );
}
