import { describe, expect, it } from 'vitest';
import { decodeHtmlBody, MAX_IMAGES, MAX_SRCSET_CANDIDATES, metaCharset, parseDimension, parseSrcset, scrapeImages, type ScrapedImage } from './scrape-page';

const PAGE = 'https://www.example-recipes.com/recipes/lemon-tart/?ref=home';

const recipeBlog = `<!DOCTYPE html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <title>Lemon Tart | Example Recipes</title>
  <meta name="description" content="A sharp, silky lemon tart &amp; a buttery crust.">
  <meta property="og:title" content="The Best Lemon Tart &mdash; Example Recipes" />
  <meta property="og:description" content="  Sharp, silky and
      easy to make.  " />
  <meta property="og:image" content="https://cdn.example-recipes.com/img/lemon-tart-1200.jpg" />
  <meta property="og:image:width" content="1200" />
  <meta property="og:image:height" content="630" />
  <meta property="og:image:alt" content="A lemon tart on a plate" />
  <meta name="twitter:card" content="summary_large_image">
  <meta name="twitter:image" content="https://cdn.example-recipes.com/img/lemon-tart-twitter.jpg">
  <link rel="stylesheet" href="/styles.css">
  <script>
    // Not markup: must not be picked up.
    document.write('<img src="/from-script.jpg">');
  </script>
  <style>.hero::after { content: "<img src='/from-style.jpg'>"; }</style>
</head>
<body>
  <header><img src="/logo.svg" alt="Example Recipes" width="120" height="40"></header>
  <!-- <img src="/commented-out.jpg"> -->
  <main>
    <h1>Lemon Tart</h1>
    <img class="hero" alt="Lemon tart, sliced" width="800" height="533"
         src="/img/lemon-tart-800.jpg"
         srcset="/img/lemon-tart-400.jpg 400w, /img/lemon-tart-800.jpg 800w, /img/lemon-tart-1600.jpg 1600w">
    <p>Step one:</p>
    <img src='steps/step-1.jpg' alt='Zest the lemons'>
    <img data-src="/img/lazy-real.jpg" src="data:image/gif;base64,R0lGODlhAQABAAAAACw=" alt="Lazy loaded">
    <noscript><img src="/img/lazy-real.jpg" alt="Lazy loaded"></noscript>
    <img src="https://cdn.example-recipes.com/img/lemon-tart-1200.jpg#zoom" alt="Same as og">
    <img src="https://pixel.tracker.example/p.gif?u=1" width="1" height="1" alt="">
    <img src="/img/spacer.gif" style="width:1px;height:1px">
    <img src="javascript:alert(1)">
    <img src="/icons/arrow.SVG">
    <svg viewBox="0 0 10 10"><title>Icon title</title><image href="/inside-svg.png"/></svg>
    <img src="/img/after-svg.jpg">
  </main>
  <img src=/img/unquoted.jpg alt=Unquoted>
</body>
</html>`;

describe('scrapeImages on a realistic recipe page', () => {
  const page = scrapeImages(recipeBlog, PAGE);

  it('takes the title from og:title and the description from og:description, decoded and trimmed', () => {
    expect(page.title).toBe('The Best Lemon Tart — Example Recipes');
    expect(page.description).toBe('Sharp, silky and easy to make.');
  });

  it('lists og:image first, then twitter:image, then <img> in document order', () => {
    expect(page.images).toEqual<ScrapedImage[]>([
      {
        url: 'https://cdn.example-recipes.com/img/lemon-tart-1200.jpg',
        width: 1200,
        height: 630,
        alt: 'A lemon tart on a plate',
        source: 'og',
      },
      { url: 'https://cdn.example-recipes.com/img/lemon-tart-twitter.jpg', source: 'twitter' },
      { url: 'https://www.example-recipes.com/img/lemon-tart-1600.jpg', width: 1600, height: 1066, alt: 'Lemon tart, sliced', source: 'img' },
      { url: 'https://www.example-recipes.com/recipes/lemon-tart/steps/step-1.jpg', alt: 'Zest the lemons', source: 'img' },
      { url: 'https://www.example-recipes.com/img/lazy-real.jpg', alt: 'Lazy loaded', source: 'img' },
      { url: 'https://www.example-recipes.com/img/after-svg.jpg', source: 'img' },
      { url: 'https://www.example-recipes.com/img/unquoted.jpg', alt: 'Unquoted', source: 'img' },
    ]);
  });
});

describe('scrapeImages: images', () => {
  const urls = (html: string, pageUrl = 'https://example.com/a/b.html') => scrapeImages(html, pageUrl).images.map((i) => i.url);

  it.each<[string, string, string[]]>([
    ['relative src', '<img src="c.jpg">', ['https://example.com/a/c.jpg']],
    ['root-relative src', '<img src="/c.jpg">', ['https://example.com/c.jpg']],
    ['protocol-relative src', '<img src="//cdn.example.net/c.jpg">', ['https://cdn.example.net/c.jpg']],
    ['parent-relative src', '<img src="../up.png">', ['https://example.com/up.png']],
    ['query string entities', '<img src="/c.jpg?w=600&amp;h=400&amp;fit=crop">', ['https://example.com/c.jpg?w=600&h=400&fit=crop']],
    ['spaces around the URL', '<img src="  /c.jpg\n ">', ['https://example.com/c.jpg']],
    ['single quotes', "<img src='/c.jpg'>", ['https://example.com/c.jpg']],
    ['no quotes', '<img src=/c.jpg>', ['https://example.com/c.jpg']],
    ['upper-case tag and attribute', '<IMG SRC="/C.JPG">', ['https://example.com/C.JPG']],
    ['attribute after other attributes with > in quotes', '<img alt="a > b" title=\'x>y\' src="/c.jpg">', ['https://example.com/c.jpg']],
    ['spaces around =', '<img src = "/c.jpg" >', ['https://example.com/c.jpg']],
    ['self-closing', '<img src="/c.jpg"/>', ['https://example.com/c.jpg']],
    ['first of a repeated attribute wins', '<img src="/first.jpg" src="/second.jpg">', ['https://example.com/first.jpg']],
    ['newlines between attributes', '<img\n  class="x"\n  src="/c.jpg"\n>', ['https://example.com/c.jpg']],
    ['fragment dropped', '<img src="/c.jpg#x">', ['https://example.com/c.jpg']],
    ['non-ASCII path encoded', '<img src="/café.jpg">', ['https://example.com/caf%C3%A9.jpg']],
    ['http kept', '<img src="http://old.example.org/c.jpg">', ['http://old.example.org/c.jpg']],
    ['data: dropped', '<img src="data:image/png;base64,iVBORw0KGgo=">', []],
    ['javascript: dropped', '<img src="javascript:void(0)">', []],
    ['ftp: dropped', '<img src="ftp://example.com/c.jpg">', []],
    ['blob: dropped', '<img src="blob:https://example.com/123">', []],
    ['credentials dropped', '<img src="https://u:p@example.com/c.jpg">', []],
    ['svg dropped', '<img src="/logo.svg">', []],
    ['svg with query dropped', '<img src="/logo.svg?v=3">', []],
    ['svgz dropped', '<img src="/logo.svgz">', []],
    ['svg-looking query kept', '<img src="/render?file=logo.svg">', ['https://example.com/render?file=logo.svg']],
    ['empty src dropped', '<img src="">', []],
    ['no src dropped', '<img alt="nothing">', []],
    ['1x1 pixel dropped', '<img src="/p.gif" width="1" height="1">', []],
    ['0-height pixel dropped', '<img src="/p.gif" height="0">', []],
    ['2px wide dropped', '<img src="/p.gif" width="2px" height="200">', []],
    ['3px kept', '<img src="/small.gif" width="3" height="3">', ['https://example.com/small.gif']],
    ['percent width ignored', '<img src="/c.jpg" width="100%">', ['https://example.com/c.jpg']],
    ['pixel by inline style dropped', '<img src="/p.gif" style="display:block; width: 1px; height: 1px">', []],
    ['max-width in style is not a pixel', '<img src="/c.jpg" style="max-width:1px">', ['https://example.com/c.jpg']],
    ['duplicates dropped', '<img src="/c.jpg"><img src="https://example.com/c.jpg"><img src="/a/../c.jpg">', ['https://example.com/c.jpg']],
    ['data-src preferred over placeholder src', '<img src="/placeholder.gif" data-src="/real.jpg">', ['https://example.com/real.jpg']],
    ['data-lazy-src', '<img data-lazy-src="/real.jpg">', ['https://example.com/real.jpg']],
    ['data-original', '<img data-original="/real.jpg" src="/grey.png">', ['https://example.com/real.jpg']],
    [
      'data: srcset placeholder falls back to data-src',
      '<img srcset="data:image/gif;base64,R0lGOD,lhAQ" data-src="/real.jpg">',
      ['https://example.com/real.jpg'],
    ],
    ['script content ignored', '<script>var s = "<img src=\\"/x.jpg\\">";</script><img src="/y.jpg">', ['https://example.com/y.jpg']],
    ['script closed with spaces', '<script type="text/template"><img src="/x.jpg"></script ><img src="/y.jpg">', ['https://example.com/y.jpg']],
    ['template content ignored', '<template><img src="/x.jpg"></template><img src="/y.jpg">', ['https://example.com/y.jpg']],
    ['textarea content ignored', '<textarea><img src="/x.jpg"></textarea><img src="/y.jpg">', ['https://example.com/y.jpg']],
    ['comments ignored', '<!-- <img src="/x.jpg"> --><img src="/y.jpg">', ['https://example.com/y.jpg']],
    ['conditional comments ignored', '<!--[if IE]><img src="/ie.jpg"><![endif]--><img src="/y.jpg">', ['https://example.com/y.jpg']],
    ['noscript fallback used', '<noscript><img src="/real.jpg"></noscript>', ['https://example.com/real.jpg']],
    ['inline svg ignored', '<svg><image href="/x.png"/><img src="/in-svg.jpg"/></svg><img src="/y.jpg">', ['https://example.com/y.jpg']],
    ['nested svg ignored', '<svg><svg><g/></svg><image href="/x.png"/></svg><img src="/y.jpg">', ['https://example.com/y.jpg']],
    ['self-closing svg does not hide what follows', '<svg/><img src="/y.jpg">', ['https://example.com/y.jpg']],
    ['less-than in text is not a tag', '<p>1 < 2 and 3 <4</p><img src="/y.jpg">', ['https://example.com/y.jpg']],
    ['unterminated tag at the end is dropped', '<img src="/y.jpg"><img src="/z.jpg', ['https://example.com/y.jpg']],
    ['unterminated tag without quotes is dropped', '<img src="/y.jpg"><img src=/z.jpg', ['https://example.com/y.jpg']],
    ['unterminated comment swallows the rest', '<img src="/y.jpg"><!-- <img src="/z.jpg">', ['https://example.com/y.jpg']],
  ])('%s', (_name, html, expected) => {
    expect(urls(html)).toEqual(expected);
  });

  it.each<[string, string, string, string[]]>([
    [
      'base href absolute',
      'https://example.com/page',
      '<base href="https://static.example.net/assets/"><img src="c.jpg">',
      ['https://static.example.net/assets/c.jpg'],
    ],
    ['base href relative to the page', 'https://example.com/blog/post', '<base href="/cdn/"><img src="c.jpg">', ['https://example.com/cdn/c.jpg']],
    [
      'base after the image still applies',
      'https://example.com/page',
      '<img src="c.jpg"><base href="https://static.example.net/">',
      ['https://static.example.net/c.jpg'],
    ],
    [
      'first base wins',
      'https://example.com/page',
      '<base href="https://one.example/"><base href="https://two.example/"><img src="c.jpg">',
      ['https://one.example/c.jpg'],
    ],
    ['base without href ignored', 'https://example.com/dir/page', '<base target="_blank"><base href="/x/"><img src="c.jpg">', ['https://example.com/x/c.jpg']],
    ['javascript: base ignored', 'https://example.com/dir/page', '<base href="javascript:alert(1)"><img src="c.jpg">', ['https://example.com/dir/c.jpg']],
    [
      'base applies to og:image too',
      'https://example.com/page',
      '<base href="https://static.example.net/"><meta property="og:image" content="og.jpg">',
      ['https://static.example.net/og.jpg'],
    ],
  ])('%s', (_name, pageUrl, html, expected) => {
    expect(urls(html, pageUrl)).toEqual(expected);
  });

  it('keeps at most 30 images', () => {
    const html = Array.from({ length: 45 }, (_, i) => `<img src="/img/${i}.jpg">`).join('\n');
    const images = scrapeImages(html, 'https://example.com/').images;
    expect(MAX_IMAGES).toBe(30);
    expect(images).toHaveLength(30);
    expect(images[0]?.url).toBe('https://example.com/img/0.jpg');
    expect(images[29]?.url).toBe('https://example.com/img/29.jpg');
  });

  it('the limit counts after duplicates and pixels are dropped', () => {
    const html = [
      ...Array.from({ length: 10 }, () => '<img src="/same.jpg"><img src="/px.gif" width="1" height="1">'),
      ...Array.from({ length: 40 }, (_, i) => `<img src="/img/${i}.jpg">`),
    ].join('');
    const images = scrapeImages(html, 'https://example.com/').images;
    expect(images).toHaveLength(30);
    expect(images[0]?.url).toBe('https://example.com/same.jpg');
    expect(images[29]?.url).toBe('https://example.com/img/28.jpg');
  });

  it('a duplicate keeps the first source and borrows size and alt it lacks', () => {
    const html = `<img src="/c.jpg" width="640" height="480" alt="A cat">
      <meta property="og:image" content="/c.jpg">`;
    expect(scrapeImages(html, 'https://example.com/').images).toEqual([
      { url: 'https://example.com/c.jpg', width: 640, height: 480, alt: 'A cat', source: 'og' },
    ]);
  });

  it('img width/height/alt are reported; alt is decoded and trimmed', () => {
    const html = '<img alt="  Fish &amp; chips\n on a plate " height="300" width="450px" src="/c.jpg">';
    expect(scrapeImages(html, 'https://example.com/').images).toEqual([
      { url: 'https://example.com/c.jpg', width: 450, height: 300, alt: 'Fish & chips on a plate', source: 'img' },
    ]);
  });
});

describe('scrapeImages: srcset', () => {
  it.each<[string, string, { url: string; width?: number }]>([
    [
      'w descriptors, largest not last',
      '<img srcset="/m.jpg 800w, /l.jpg 1600w, /s.jpg 400w" src="/m.jpg">',
      { url: 'https://example.com/l.jpg', width: 1600 },
    ],
    ['x descriptors', '<img srcset="/a.jpg, /a2.jpg 2x, /a15.jpg 1.5x">', { url: 'https://example.com/a2.jpg' }],
    ['srcset wins over src', '<img src="/small.jpg" srcset="/big.jpg 2x">', { url: 'https://example.com/big.jpg' }],
    [
      'URLs with commas (image CDNs)',
      '<img srcset="https://res.example.com/image/upload/w_400,h_300,c_fill/a.jpg 400w, https://res.example.com/image/upload/w_1200,h_900,c_fill/a.jpg 1200w">',
      { url: 'https://res.example.com/image/upload/w_1200,h_900,c_fill/a.jpg', width: 1200 },
    ],
    ['no spaces after commas', '<img srcset="/a.jpg 100w,/b.jpg 300w,/c.jpg 200w">', { url: 'https://example.com/b.jpg', width: 300 }],
    [
      'data-srcset (lazy loading)',
      '<img data-srcset="/a.jpg 300w, /b.jpg 900w" src="data:image/gif;base64,R0lGOD">',
      { url: 'https://example.com/b.jpg', width: 900 },
    ],
    [
      'entities in srcset',
      '<img srcset="/a.jpg?w=300&amp;q=80 300w, /a.jpg?w=900&amp;q=80 900w">',
      { url: 'https://example.com/a.jpg?w=900&q=80', width: 900 },
    ],
    ['svg in srcset skipped for the next best', '<img srcset="/a.svg 2000w, /a.png 1000w">', { url: 'https://example.com/a.png', width: 1000 }],
  ])('%s', (_name, html, expected) => {
    const [first] = scrapeImages(html, 'https://example.com/').images;
    expect(first).toMatchObject(expected);
  });

  it('parseSrcset follows the HTML algorithm', () => {
    expect(parseSrcset(' a.jpg 1x ,b.jpg 2x, c,d.jpg 300w,  e.jpg,, f.jpg (bad, descriptor) 5w ')).toEqual([
      { url: 'a.jpg', density: 1 },
      { url: 'b.jpg', density: 2 },
      { url: 'c,d.jpg', width: 300 },
      { url: 'e.jpg' },
      { url: 'f.jpg', width: 5 },
    ]);
    expect(parseSrcset('')).toEqual([]);
    expect(parseSrcset('data:image/gif;base64,R0lGOD,lhAQ 1x')).toEqual([{ url: 'data:image/gif;base64,R0lGOD,lhAQ', density: 1 }]);
  });

  it('parseSrcset drops the commas that end a URL, in one pass (was a backtracking /,+$/)', () => {
    expect(parseSrcset('a.jpg,,, b.jpg 2x')).toEqual([{ url: 'a.jpg' }, { url: 'b.jpg', density: 2 }]);
    expect(parseSrcset('a,,,b,, c.jpg 10w')).toEqual([{ url: 'a,,,b' }, { url: 'c.jpg', width: 10 }]);
    expect(parseSrcset(',,,')).toEqual([]);
    // A run of commas inside a URL that ends with a comma: the old trim would take hours on
    // this; the lint rule regexp/no-super-linear-move now refuses such patterns anywhere.
    expect(parseSrcset(`a${','.repeat(2_000_000)}b,`)).toEqual([{ url: `a${','.repeat(2_000_000)}b` }]);
  });

  it('parseSrcset reads at most MAX_SRCSET_CANDIDATES candidates', () => {
    const srcset = Array.from({ length: 100 }, (_, i) => `/${i}.jpg ${i + 1}w`).join(', ');
    const candidates = parseSrcset(srcset);
    expect(candidates).toHaveLength(MAX_SRCSET_CANDIDATES);
    expect(candidates.at(-1)).toEqual({ url: `/${MAX_SRCSET_CANDIDATES - 1}.jpg`, width: MAX_SRCSET_CANDIDATES });
  });
});

describe('scrapeImages: Open Graph and Twitter cards', () => {
  const images = (head: string, body = '') => scrapeImages(`<html><head>${head}</head><body>${body}</body></html>`, 'https://news.example.com/story/1').images;

  it('several og:image, each with its own properties, in order', () => {
    expect(
      images(`
        <meta property="og:image" content="https://news.example.com/a.jpg">
        <meta property="og:image:width" content="1200">
        <meta property="og:image:height" content="800">
        <meta property="og:image" content="https://news.example.com/b.jpg">
        <meta property="og:image:alt" content="Second">
        <meta property="og:image:url" content="https://news.example.com/c.jpg">`),
    ).toEqual([
      { url: 'https://news.example.com/a.jpg', width: 1200, height: 800, source: 'og' },
      { url: 'https://news.example.com/b.jpg', alt: 'Second', source: 'og' },
      { url: 'https://news.example.com/c.jpg', source: 'og' },
    ]);
  });

  it('og:image:secure_url is preferred to og:image', () => {
    expect(
      images(`
        <meta property="og:image" content="http://news.example.com/a.jpg">
        <meta property="og:image:secure_url" content="https://secure.news.example.com/a.jpg">
        <meta property="og:image:width" content="600">`),
    ).toEqual([{ url: 'https://secure.news.example.com/a.jpg', width: 600, source: 'og' }]);
  });

  it('a secure_url that is not https (or not usable) falls back to og:image', () => {
    expect(
      images(`
        <meta property="og:image" content="https://news.example.com/a.jpg">
        <meta property="og:image:secure_url" content="data:image/png;base64,xx">`),
    ).toEqual([{ url: 'https://news.example.com/a.jpg', source: 'og' }]);
  });

  it('og:image:secure_url alone is enough', () => {
    expect(images('<meta property="og:image:secure_url" content="https://news.example.com/s.jpg">')).toEqual([
      { url: 'https://news.example.com/s.jpg', source: 'og' },
    ]);
  });

  it('og:image:url repeating og:image is one image', () => {
    expect(
      images(`<meta property="og:image" content="https://news.example.com/a.jpg">
              <meta property="og:image:url" content="https://news.example.com/a.jpg">`),
    ).toHaveLength(1);
  });

  it('accepts name= as well as property=, any attribute order and case, and relative og:image', () => {
    expect(
      images(`
        <meta content='/rel.jpg' name='og:image'>
        <META CONTENT="https://news.example.com/tw.jpg" NAME="Twitter:Image">
        <meta content="/tw2.jpg" property="twitter:image:src">`),
    ).toEqual([
      { url: 'https://news.example.com/rel.jpg', source: 'og' },
      { url: 'https://news.example.com/tw.jpg', source: 'twitter' },
      { url: 'https://news.example.com/tw2.jpg', source: 'twitter' },
    ]);
  });

  it('og first even when <img> and twitter come earlier in the document', () => {
    const result = images(
      '<meta name="twitter:image" content="/tw.jpg"><meta name="twitter:image:alt" content="Card">',
      '<img src="/body.jpg"><meta property="og:image" content="/og.jpg">',
    );
    expect(result.map((i) => [i.source, i.url])).toEqual([
      ['og', 'https://news.example.com/og.jpg'],
      ['twitter', 'https://news.example.com/tw.jpg'],
      ['img', 'https://news.example.com/body.jpg'],
    ]);
    expect(result[1]?.alt).toBe('Card');
  });

  it('the same image as og, twitter and img appears once, as og', () => {
    const result = images(
      '<meta property="og:image" content="https://news.example.com/a.jpg"><meta name="twitter:image" content="https://news.example.com/a.jpg">',
      '<img src="/a.jpg">',
    );
    expect(result).toEqual([{ url: 'https://news.example.com/a.jpg', source: 'og' }]);
  });

  it('og images declared as pixels, svg or data: are dropped', () => {
    expect(
      images(`
        <meta property="og:image" content="https://news.example.com/px.gif"><meta property="og:image:width" content="1"><meta property="og:image:height" content="1">
        <meta property="og:image" content="https://news.example.com/logo.svg">
        <meta property="og:image" content="data:image/png;base64,AAAA">
        <meta property="og:image" content="">`),
    ).toEqual([]);
  });

  it('meta tags inside inline svg are not the page’s', () => {
    expect(images('', '<svg><meta property="og:image" content="/x.jpg"/></svg>')).toEqual([]);
  });
});

describe('scrapeImages: title and description', () => {
  const meta = (html: string) => {
    const { title, description } = scrapeImages(html, 'https://example.com/');
    return { title, description };
  };

  it.each<[string, string, { title: string | null; description: string | null }]>([
    ['nothing', '<html><body><p>Hi</p></body></html>', { title: null, description: null }],
    ['<title> only', '<title>Plain &amp; simple</title>', { title: 'Plain & simple', description: null }],
    ['og:title wins over <title>', '<title>Site | Page</title><meta property="og:title" content="Page">', { title: 'Page', description: null }],
    ['empty og:title falls back to <title>', '<meta property="og:title" content="  "><title>Fallback</title>', { title: 'Fallback', description: null }],
    ['twitter:title as last resort', '<meta name="twitter:title" content="Card title">', { title: 'Card title', description: null }],
    ['title whitespace collapsed', '<title>\n   Multi\n   line\ttitle  </title>', { title: 'Multi line title', description: null }],
    ['title with markup-like text', '<title>a <b> c</title>', { title: 'a <b> c', description: null }],
    ['title with numeric references', '<title>It&#8217;s &#x2014; here</title>', { title: 'It’s — here', description: null }],
    ['uppercase TITLE', '<TITLE>Loud</TITLE>', { title: 'Loud', description: null }],
    ['svg <title> is not the page title', '<svg><title>Icon</title></svg><title>Real</title>', { title: 'Real', description: null }],
    ['only svg <title>', '<body><svg><title>Icon</title></svg></body>', { title: null, description: null }],
    ['first <title> wins', '<title>One</title><title>Two</title>', { title: 'One', description: null }],
    ['meta description', '<meta name="description" content="Plain description.">', { title: null, description: 'Plain description.' }],
    [
      'og:description wins over meta description',
      '<meta name="description" content="Meta"><meta property="og:description" content="OG">',
      { title: null, description: 'OG' },
    ],
    [
      'description entities and quotes',
      `<meta name="description" content='He said "hi" &amp; left &hellip;'>`,
      { title: null, description: 'He said "hi" & left …' },
    ],
    ['Description in mixed case name', '<meta NAME="Description" CONTENT="Mixed">', { title: null, description: 'Mixed' }],
    ['twitter:description as last resort', '<meta name="twitter:description" content="Tw">', { title: null, description: 'Tw' }],
    ['unterminated title', '<title>Never closed', { title: 'Never closed', description: null }],
  ])('%s', (_name, html, expected) => {
    expect(meta(html)).toEqual(expected);
  });
});

describe('scrapeImages: robustness', () => {
  it('handles an empty document and garbage', () => {
    expect(scrapeImages('', 'https://example.com/')).toEqual({ title: null, description: null, images: [] });
    expect(scrapeImages('<<<>>> <img <img src=">" <', 'https://example.com/').images).toEqual([]);
  });

  it('reads pathological input to the end', () => {
    const nasty = '<img src="'.repeat(20_000) + '<a '.repeat(50_000) + '<!--'.repeat(10_000) + '<title>'.repeat(10_000);
    expect(scrapeImages(nasty, 'https://example.com/').images.length).toBeLessThanOrEqual(1);
  });

  it('reads a 5 MB page to the end', () => {
    const chunk = '<div class="card"><a href="/p/1"><img src="/i/1.jpg" alt="x" width="236" height="300"></a><p>Lorem ipsum &amp; dolor</p></div>\n';
    const html = `<title>Big</title>${chunk.repeat(40_000)}`; // ~5 MB
    const page = scrapeImages(html, 'https://example.com/');
    expect(page.title).toBe('Big');
    expect(page.images).toHaveLength(1);
  });

  it('without a usable page URL, only absolute image URLs are kept', () => {
    expect(scrapeImages('<img src="/rel.jpg"><img src="https://example.com/abs.jpg">', 'not a url').images.map((i) => i.url)).toEqual([
      'https://example.com/abs.jpg',
    ]);
  });
});

describe('parseDimension', () => {
  it.each<[string | undefined, number | undefined]>([
    ['450', 450],
    [' 450px ', 450],
    ['450 PX', 450],
    ['450.75', 450],
    ['\n300\t', 300],
    ['100%', undefined],
    ['px', undefined],
    ['', undefined],
    [undefined, undefined],
  ])('%j → %j', (value, expected) => {
    expect(parseDimension(value)).toBe(expected);
  });

  it('is linear on long runs of spaces (the old pattern, with a \\s* on each side of an optional px, was quadratic)', () => {
    // Hours for the old pattern; the lint rule regexp/no-super-linear-backtracking refuses it now.
    expect(parseDimension(`1${' '.repeat(1_000_000)}x`)).toBeUndefined();
  });
});

describe('metaCharset', () => {
  it.each<[string, string | null]>([
    ['<meta charset="windows-1252">', 'windows-1252'],
    ["<META CHARSET='Shift_JIS'>", 'shift_jis'],
    ['<meta http-equiv="Content-Type" content="text/html; charset=iso-8859-1">', 'iso-8859-1'],
    ['<meta name="x"><meta charset= " utf-8 ">', 'utf-8'],
    ['<meta name="viewport"><p>charset=latin1</p>', null],
    ['<meta charset', null],
    ['<p>no meta</p>', null],
  ])('%j → %j', (head, expected) => {
    expect(metaCharset(head)).toBe(expected);
  });

  it('is linear on hostile heads (the old pattern backtracked over runs of spaces)', () => {
    expect(metaCharset(`<meta charset=${' '.repeat(1_000_000)}!`)).toBeNull();
    expect(metaCharset('<meta '.repeat(200_000))).toBeNull();
  });
});

describe('decodeHtmlBody', () => {
  it.each<[string, Buffer, string, string]>([
    ['UTF-8 by default', Buffer.from('<title>Café</title>'), 'text/html', '<title>Café</title>'],
    ['charset from Content-Type', Buffer.from('<title>Caf\xe9</title>', 'latin1'), 'text/html; charset=ISO-8859-1', '<title>Café</title>'],
    ['quoted charset', Buffer.from('<title>Caf\xe9</title>', 'latin1'), 'text/html; charset="windows-1252"', '<title>Café</title>'],
    [
      '<meta charset>',
      Buffer.from('<meta charset="windows-1252"><title>\x93Hi\x94</title>', 'latin1'),
      'text/html',
      '<meta charset="windows-1252"><title>“Hi”</title>',
    ],
    [
      'http-equiv',
      Buffer.from('<meta http-equiv="Content-Type" content="text/html; charset=iso-8859-1"><p>\xe9', 'latin1'),
      'text/html',
      '<meta http-equiv="Content-Type" content="text/html; charset=iso-8859-1"><p>é',
    ],
    ['Shift_JIS', Buffer.from([0x82, 0xa0]), 'text/html; charset=Shift_JIS', 'あ'],
    ['BOM wins over header', Buffer.from('\ufeff<p>é</p>'), 'text/html; charset=iso-8859-1', '<p>é</p>'],
    ['unknown label falls back to UTF-8', Buffer.from('<p>é</p>'), 'text/html; charset=no-such-charset', '<p>é</p>'],
    ['meta claiming UTF-16 is read as UTF-8', Buffer.from('<meta charset="utf-16"><p>é</p>'), 'text/html', '<meta charset="utf-16"><p>é</p>'],
  ])('%s', (_name, body, contentType, expected) => {
    expect(decodeHtmlBody(body, contentType)).toBe(expected);
  });
});
