/**
 * Light and dark (decision 063): the page follows the device's
 * `prefers-color-scheme` unless the person chose a theme on this device
 * (Settings → Account settings → Theme), kept in localStorage.
 */
export const THEMES = ['system', 'light', 'dark'] as const;
export type Theme = (typeof THEMES)[number];

export const THEME_STORAGE_KEY = 'pinboard-theme';

/**
 * Runs in the first HTML's head, before anything paints: puts a chosen theme on `<html data-theme>`, so a page
 * never flashes in the other one. The server sends it inline with its hash in the Content-Security-Policy.
 */
export const THEME_BOOT_SCRIPT = `try{var t=localStorage.getItem(${JSON.stringify(THEME_STORAGE_KEY)});if(t==="light"||t==="dark")document.documentElement.dataset.theme=t}catch(e){}`;
