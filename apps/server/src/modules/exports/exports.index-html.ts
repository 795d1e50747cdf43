/**
 * The `index.html` of an export (decision 096): one static page, in the
 * exporting person's language, that lists their boards (with their sections)
 * and shows each Pin's image from its relative path in the ZIP. No script,
 * no outside resource: it works opened from the unpacked folder on disk.
 */
import type { ExportManifest } from '@pinboard/shared/schemas/export-format';
import { localeOf, serverT } from '../../lib/i18n';

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** Only a relative `media/…` path (the schema's) or an http(s) address is ever put in an attribute. */
const safeHref = (url: string) => (/^https?:\/\//i.test(url) ? escapeHtml(url) : null);

const STYLE = `body{font-family:system-ui,sans-serif;margin:0 auto;max-width:1200px;padding:16px;color:#111;background:#fff}
h1{font-size:1.6rem}h2{margin-top:2rem;border-bottom:1px solid #ddd;padding-bottom:4px}h3{margin:1rem 0 .5rem;font-size:1.05rem}
.badge{font-size:.8rem;background:#eee;border-radius:8px;padding:1px 8px;margin-left:8px;font-weight:normal}
.grid{display:grid;grid-template-columns:repeat(auto-fill,minmax(180px,1fr));gap:12px;list-style:none;padding:0}
.pin img{width:100%;height:auto;border-radius:12px;display:block}.pin p{margin:4px 0;font-size:.9rem;overflow-wrap:anywhere}
nav ul{padding-left:1.2rem}a{color:#0a58ca}`;

export function exportIndexHtml(m: ExportManifest): string {
  const locale = localeOf(m.profile.locale);
  const t = (key: string, values?: Record<string, unknown>) => escapeHtml(serverT(locale, `exports.index.${key}`, values));
  const pinsOf = (boardId: string | null, sectionId: string | null) => m.pins.filter((p) => p.board_id === boardId && p.section_id === sectionId);

  const pinHtml = (p: ExportManifest['pins'][number]) => {
    const img = p.media ? `<img src="${escapeHtml(p.media.path)}" alt="${escapeHtml(p.alt_text || p.title)}" loading="lazy">` : '';
    const link = p.link && safeHref(p.link) ? `<p><a href="${safeHref(p.link)}" rel="noopener noreferrer">${escapeHtml(p.link)}</a></p>` : '';
    return `<li class="pin">${img}${p.title ? `<p><strong>${escapeHtml(p.title)}</strong></p>` : ''}${
      p.description ? `<p>${escapeHtml(p.description)}</p>` : ''
    }${link}</li>`;
  };
  const grid = (pins: ExportManifest['pins']) => (pins.length ? `<ul class="grid">${pins.map(pinHtml).join('')}</ul>` : `<p>${t('empty')}</p>`);

  const boards = m.boards.map((b) => {
    const badges = [b.privacy === 'public' ? '' : t(b.privacy), b.archived ? t('archived') : '']
      .filter(Boolean)
      .map((x) => `<span class="badge">${x}</span>`)
      .join('');
    const sections = b.sections.map((s) => `<section><h3>${escapeHtml(s.title)}</h3>${grid(pinsOf(b.id, s.id))}</section>`).join('');
    return `<section id="board-${b.id}"><h2>${escapeHtml(b.name)}${badges}</h2>${b.description ? `<p>${escapeHtml(b.description)}</p>` : ''}${grid(
      pinsOf(b.id, null),
    )}${sections}</section>`;
  });
  const profilePins = pinsOf(null, null);
  const follows = [
    ...m.follows.people.map((f) => ({ name: f.username, url: f.url })),
    ...m.follows.boards.map((f) => ({ name: `${f.owner_username} / ${f.name}`, url: f.url })),
  ];

  return `<!doctype html>
<html lang="${escapeHtml(locale)}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${t('title', { username: m.profile.username })}</title>
<style>${STYLE}</style>
</head>
<body>
<header><h1>${t('title', { username: m.profile.username })}</h1><p>${t('exportedAt', { date: new Date(m.exported_at).toLocaleDateString(locale, { dateStyle: 'long', timeZone: 'UTC' }) })}</p></header>
<nav aria-label="${t('boards')}"><h2>${t('boards')}</h2><ul>${m.boards.map((b) => `<li><a href="#board-${b.id}">${escapeHtml(b.name)}</a></li>`).join('')}</ul></nav>
<main>
${boards.join('\n')}
<section><h2>${t('profilePins')}</h2>${grid(profilePins)}</section>
${follows.length ? `<section><h2>${t('follows')}</h2><ul>${follows.map((f) => `<li>${safeHref(f.url) ? `<a href="${safeHref(f.url)}">${escapeHtml(f.name)}</a>` : escapeHtml(f.name)}</li>`).join('')}</ul></section>` : ''}
</main>
</body>
</html>
`;
}
