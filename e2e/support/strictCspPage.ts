import { serveFixtureSite, type FixtureSite } from './fixturePage';
import { makePicture } from './images';

/** A page that allows no script at all and only its own pictures and style sheet. */
export const STRICT_CSP = "default-src 'none'; img-src 'self'; style-src 'self'; script-src 'none'; connect-src 'none'; form-action 'none'";

/**
 * A strict-CSP page with a `srcset` picture (its small and large files), a CSS background picture, an icon too
 * small to save and a `data:` picture: the extension's and the bookmarklet's picker list the large file first,
 * then the background, and nothing else.
 */
export async function serveStrictCspPage(): Promise<FixtureSite & { pageUrl: string; large: string; background: string }> {
  const [large, small, hero, icon] = await Promise.all([
    makePicture({ width: 1200, height: 1600, sky: ['#ffd6e0', '#ffb3c6'], ground: '#7a1f3d' }),
    makePicture({ width: 300, height: 400, sky: ['#ffd6e0', '#ffb3c6'], ground: '#7a1f3d' }),
    makePicture({ width: 640, height: 360, sky: ['#caf0f8', '#90e0ef'], ground: '#2d6a4f' }),
    makePicture({ width: 24, height: 24, sky: ['#eeeeee', '#dddddd'], ground: '#333333' }),
  ]);
  const site = await serveFixtureSite(() => ({
    '/garden/roses': {
      type: 'text/html; charset=utf-8',
      headers: { 'content-security-policy': STRICT_CSP },
      body: `<!doctype html><html><head><meta charset="utf-8">
        <title>Old roses | A small nursery</title>
        <meta name="description" content="Scented old roses for a small garden.">
        <link rel="stylesheet" href="/site.css">
      </head><body>
        <h1>Old roses</h1>
        <img src="/images/icon.jpg" width="24" height="24" alt="">
        <div class="hero" aria-label="The rose arch"></div>
        <img src="/images/roses-300.jpg" srcset="/images/roses-300.jpg 300w, /images/roses-1200.jpg 1200w" sizes="300px" width="300" height="400" alt="Pink roses">
      </body></html>`,
    },
    '/site.css': { type: 'text/css', body: '.hero { width: 640px; height: 360px; background: url("/images/arch.jpg") center / cover; }' },
    '/images/roses-1200.jpg': { type: 'image/jpeg', body: large },
    '/images/roses-300.jpg': { type: 'image/jpeg', body: small },
    '/images/arch.jpg': { type: 'image/jpeg', body: hero },
    '/images/icon.jpg': { type: 'image/jpeg', body: icon },
  }));
  return { ...site, pageUrl: `${site.origin}/garden/roses`, large: `${site.origin}/images/roses-1200.jpg`, background: `${site.origin}/images/arch.jpg` };
}
