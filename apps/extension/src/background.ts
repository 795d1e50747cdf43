/**
 * The extension's background worker: the context menu's "Save image", which opens the picker in a small
 * window for the tab (the clicked picture first), and signing in (the OAuth flow outlives the popup here).
 */
import { signIn } from './session';

const MENU_ID = 'save-image';

chrome.runtime.onInstalled.addListener(() => {
  chrome.contextMenus.create({ id: MENU_ID, title: chrome.i18n.getMessage('saveImage'), contexts: ['image', 'page'] });
});

chrome.contextMenus.onClicked.addListener((info, tab) => {
  if (info.menuItemId !== MENU_ID || tab?.id === undefined) return;
  const params = new URLSearchParams({ tab: String(tab.id) });
  if (info.srcUrl) params.set('src', info.srcUrl);
  void chrome.windows.create({ url: `picker.html?${params}`, type: 'popup', width: 460, height: 680 });
});

chrome.runtime.onMessage.addListener((message: { type?: string; server?: string }, _sender, respond) => {
  if (message.type !== 'sign-in' || typeof message.server !== 'string') return false;
  signIn(message.server).then(
    () => respond({ ok: true }),
    (error: unknown) => respond({ ok: false, error: error instanceof Error ? error.message : String(error) }),
  );
  return true;
});
