/**
 * The theme chosen on this device (decision 063): 'system' follows the
 * device's prefers-color-scheme through the stylesheet's light-dark() colours;
 * 'light' or 'dark' is put on <html data-theme>, which the first HTML's boot
 * script (packages/shared/constants/theme.ts) also does before the first paint.
 */
import { THEME_STORAGE_KEY, THEMES, type Theme } from '@pinboard/shared/constants/theme';

const isTheme = (value: unknown): value is Theme => typeof value === 'string' && (THEMES as readonly string[]).includes(value);

export function storedTheme(): Theme {
  try {
    const value = localStorage.getItem(THEME_STORAGE_KEY);
    return isTheme(value) ? value : 'system';
  } catch {
    return 'system';
  }
}

export function applyTheme(theme: Theme): void {
  try {
    if (theme === 'system') localStorage.removeItem(THEME_STORAGE_KEY);
    else localStorage.setItem(THEME_STORAGE_KEY, theme);
  } catch {
    // Storage refused (a private window): the choice lasts for this page only.
  }
  if (theme === 'system') delete document.documentElement.dataset.theme;
  else document.documentElement.dataset.theme = theme;
}

/** Other tabs of this browser follow a choice made in one of them. */
export function followThemeInOtherTabs(): () => void {
  const onStorage = (event: StorageEvent) => {
    if (event.key !== THEME_STORAGE_KEY) return;
    const theme = isTheme(event.newValue) ? event.newValue : 'system';
    if (theme === 'system') delete document.documentElement.dataset.theme;
    else document.documentElement.dataset.theme = theme;
  };
  window.addEventListener('storage', onStorage);
  return () => window.removeEventListener('storage', onStorage);
}
