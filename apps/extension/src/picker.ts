/**
 * The picker (the toolbar button's popup, and the context menu's small window): the page's pictures, the
 * largest first; then the chosen picture's title, description, board and section; then Save.
 */
import { collectPageImages, type PageImage, type PageImages } from '@pinboard/shared/browser/pageImages';
import { ApiError, v5, type Section, type V5 } from './api';
import { alreadySavedText, orderBoards, rememberUse, type PickerBoard } from './boards';
import { sha256Hex } from './pkce';
import { accessToken, keepLastUsedBoards, lastServer, lastUsedBoards, readSession, serverOrigin, signOut } from './session';

const t = (key: string, substitutions?: string | string[]) => chrome.i18n.getMessage(key, substitutions) || key;

type Child = Node | string | null | false | undefined;
type Props = Record<string, unknown> & { attrs?: Record<string, string> };
/** An element with properties, attributes and children. */
function h<K extends keyof HTMLElementTagNameMap>(tag: K, props: Props = {}, ...children: Child[]): HTMLElementTagNameMap[K] {
  const { attrs, ...rest } = props;
  const element: HTMLElementTagNameMap[K] = Object.assign(document.createElement(tag), rest);
  for (const [name, value] of Object.entries(attrs ?? {})) element.setAttribute(name, value);
  for (const child of children) if (child) element.append(child);
  return element;
}

const app = document.getElementById('app') as HTMLElement;
const params = new URLSearchParams(location.search);
document.documentElement.lang = chrome.i18n.getUILanguage();
document.title = t('pickerTitle');

function show(...children: Child[]) {
  app.replaceChildren(...children.filter((child): child is Node | string => Boolean(child)));
  app.querySelector<HTMLElement>('[autofocus]')?.focus();
}

const alert = (text: string) => h('p', { className: 'error', attrs: { role: 'alert' } }, text);

async function pageOfTab(): Promise<{ tabId: number; page: PageImages }> {
  const fromParam = Number(params.get('tab'));
  const tabId = Number.isInteger(fromParam) && fromParam > 0 ? fromParam : (await chrome.tabs.query({ active: true, currentWindow: true }))[0]?.id;
  if (tabId === undefined) throw new Error('no tab');
  // An isolated world: the page's CSP does not apply, and nothing is added to the page.
  const [result] = await chrome.scripting.executeScript({ target: { tabId }, func: collectPageImages });
  if (!result?.result) throw new Error('no answer');
  const page = result.result as PageImages;
  const clicked = params.get('src');
  if (clicked) {
    const index = page.images.findIndex((image) => image.url === clicked);
    const [image] = index >= 0 ? page.images.splice(index, 1) : [{ url: clicked, width: 0, height: 0, alt: '', source: 'img' as const }];
    if (image) page.images.unshift(image);
  }
  return { tabId, page };
}

async function start() {
  show(h('p', { className: 'muted' }, t('finding')));
  let page: PageImages;
  try {
    ({ page } = await pageOfTab());
  } catch {
    show(h('h1', {}, t('pickerTitle')), alert(t('cannotRead')));
    return;
  }
  showImages(page);
}

function showImages(page: PageImages) {
  const grid = h('ul', { className: 'grid', attrs: { 'aria-label': t('pickImage') } });
  page.images.forEach((image, index) => {
    const size = image.width && image.height ? `${image.width} × ${image.height}` : '';
    const name = [t('imageName', [String(index + 1), String(page.images.length)]), size, image.alt].filter(Boolean).join(', ');
    const button = h(
      'button',
      { type: 'button', className: 'tile', onclick: () => void choose(page, image), attrs: { 'aria-label': name, 'data-url': image.url } },
      h('img', { src: image.url, alt: '', loading: 'lazy' }),
      size && h('span', { className: 'size', attrs: { 'aria-hidden': 'true' } }, size),
    );
    grid.append(h('li', {}, button));
  });
  show(h('h1', {}, t('pickImage')), page.images.length === 0 ? h('p', { className: 'muted' }, t('noImages')) : grid);
}

async function choose(page: PageImages, image: PageImage) {
  const session = await readSession();
  if (!session) {
    showSignIn(() => void choose(page, image));
    return;
  }
  showDetails(v5(session.server, accessToken), session.server, page, image);
}

async function showSignIn(then: () => void) {
  const server = h('input', { type: 'url', id: 'server', value: await lastServer(), required: true, autofocus: true, attrs: { autocomplete: 'url' } });
  const status = h('div', { attrs: { 'aria-live': 'polite' } });
  const button = h('button', { type: 'submit', className: 'primary' }, t('signIn'));
  const form = h(
    'form',
    {
      onsubmit: (event: Event) => {
        event.preventDefault();
        const origin = serverOrigin(server.value);
        if (!origin) {
          status.replaceChildren(alert(t('badServer')));
          return;
        }
        button.disabled = true;
        status.replaceChildren(h('p', { className: 'muted' }, t('signingIn')));
        void chrome.runtime.sendMessage({ type: 'sign-in', server: origin }).then((answer: { ok: boolean } | undefined) => {
          button.disabled = false;
          if (answer?.ok) then();
          else status.replaceChildren(alert(t('signInFailed')));
        });
      },
    },
    h('h1', {}, t('signInHeading')),
    h('p', { className: 'muted' }, t('signInBody')),
    h('label', { htmlFor: 'server' }, t('serverLabel')),
    server,
    button,
    status,
  );
  show(form);
}

function showDetails(api: V5, server: string, page: PageImages, image: PageImage) {
  const title = h('input', { id: 'title', value: page.title.slice(0, 100), maxLength: 100 });
  const description = h('textarea', { id: 'description', value: page.description.slice(0, 800), maxLength: 800, rows: 3 });
  const search = h('input', { type: 'search', id: 'board-search', placeholder: t('searchBoards'), attrs: { 'aria-controls': 'boards' } });
  const boardList = h('div', { id: 'boards', className: 'boards', attrs: { role: 'radiogroup', 'aria-labelledby': 'board-label' } });
  const section = h('select', { id: 'section', disabled: true }, h('option', { value: '' }, t('noSection')));
  const saved = h('div', { attrs: { 'aria-live': 'polite' } });
  const status = h('div', { attrs: { 'aria-live': 'polite' } });
  const save = h('button', { type: 'submit', className: 'primary' }, t('save'));
  let boards: PickerBoard[] = [];
  let lastUsed: string[] = [];
  let chosen: PickerBoard | null = null;
  let sections: Section[] = [];

  const listBoards = () => {
    const ordered = orderBoards(boards, lastUsed, search.value);
    boardList.replaceChildren(
      ...ordered.map((board) =>
        h(
          'label',
          { className: 'board' },
          h('input', {
            type: 'radio',
            name: 'board',
            value: board.id,
            checked: chosen?.id === board.id,
            onchange: () => void pickBoard(board),
          }),
          h('span', {}, board.name),
          board.privacy === 'SECRET' && h('span', { className: 'muted' }, ` · ${t('secret')}`),
        ),
      ),
    );
    if (ordered.length === 0) boardList.append(h('p', { className: 'muted' }, t('noBoards')));
  };

  const pickBoard = async (board: PickerBoard) => {
    chosen = board;
    section.replaceChildren(h('option', { value: '' }, t('noSection')));
    section.disabled = true;
    sections = await api.sections(board.id).catch(() => []);
    if (chosen !== board) return;
    section.append(...sections.map((item) => h('option', { value: item.id }, item.name)));
    section.disabled = sections.length === 0;
  };

  search.addEventListener('input', listBoards);

  const form = h(
    'form',
    {
      onsubmit: (event: Event) => {
        event.preventDefault();
        if (!chosen) {
          status.replaceChildren(alert(t('pickBoard')));
          return;
        }
        const board = chosen;
        save.disabled = true;
        status.replaceChildren(h('p', { className: 'muted' }, t('saving')));
        api
          .createPin({
            board_id: board.id,
            board_section_id: section.value || undefined,
            title: title.value.trim(),
            description: description.value.trim(),
            link: page.url,
            imageUrl: image.url,
          })
          .then(async (pin) => {
            await keepLastUsedBoards(rememberUse(lastUsed, board.id));
            const sectionName = sections.find((item) => item.id === section.value)?.name;
            show(
              h('h1', {}, t('savedTo', sectionName ? `${board.name} / ${sectionName}` : board.name)),
              h('img', { className: 'savedImage', src: image.url, alt: '' }),
              h('p', {}, h('a', { href: new URL(`/pin/${pin.id}/`, server).href, target: '_blank', rel: 'noopener' }, t('seePin'))),
            );
          })
          .catch((error: unknown) => {
            save.disabled = false;
            status.replaceChildren(alert(error instanceof ApiError && error.message ? error.message : t('saveFailed')));
          });
      },
    },
    h('button', { type: 'button', className: 'link', onclick: () => showImages(page) }, t('back')),
    h('div', { className: 'chosen' }, h('img', { src: image.url, alt: '' })),
    saved,
    h('label', { htmlFor: 'title' }, t('titleLabel')),
    title,
    h('label', { htmlFor: 'description' }, t('descriptionLabel')),
    description,
    h('p', { id: 'board-label', className: 'label' }, t('boardLabel')),
    h('label', { htmlFor: 'board-search', className: 'visually-hidden' }, t('searchBoards')),
    search,
    boardList,
    h('label', { htmlFor: 'section' }, t('sectionLabel')),
    section,
    save,
    status,
    h(
      'p',
      { className: 'account' },
      h('span', { className: 'muted' }, new URL(server).host),
      ' ',
      h('button', { type: 'button', className: 'link', onclick: () => void signOut().then(() => showImages(page)) }, t('signOut')),
    ),
  );
  show(form);
  boardList.append(h('p', { className: 'muted' }, t('loadingBoards')));

  void Promise.all([api.boards(), lastUsedBoards()])
    .then(([all, used]) => {
      boards = all;
      lastUsed = used;
      listBoards();
      search.focus();
    })
    .catch(() => boardList.replaceChildren(alert(t('boardsFailed'))));

  // "Already saved to {board}": the page's link, and the picture's own bytes (the same picture elsewhere).
  void (async () => {
    const bytes = await fetch(image.url)
      .then((response) => (response.ok ? response.arrayBuffer() : null))
      .catch(() => null);
    const contentSha256 = bytes ? await sha256Hex(bytes) : undefined;
    const answer = await api.alreadySaved({ link: page.url, contentSha256 });
    const text = alreadySavedText(answer.boards, (names) => t('alreadySaved', names));
    if (text) saved.replaceChildren(h('p', { className: 'note' }, text));
  })().catch(() => undefined);
}

void start();
