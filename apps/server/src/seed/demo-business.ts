/**
 * The demo business: a verified merchant with a cover image, contact details,
 * badges and two boards of products; and a few unorganized Pins for the demo
 * person, so their profile offers board suggestions. Pictures are drawn like
 * every other demo picture (demo-pictures.ts) and show what the title names.
 */
import type { Db } from '../db/client';
import type { MediaStore } from '../media-pipeline/media-store';
import { partnerRepo } from '../modules/partner/partner.repo';
import { landscape, pattern, prng, renderPicture, stillLife, type Picture, type Rnd } from './demo-pictures';
import { makeBoard, makePin, makeUser, storeImageBuffer } from './factories';

/** Products, each with the picture it is shown by: linen as a swatch of its weave's pattern, ceramics on the table. */
const PRODUCTS: [string, [string, (rnd: Rnd) => Picture][]][] = [
  [
    'Linen collection',
    [
      ['Washed linen throw', (rnd) => pattern(rnd, { pattern: 'stripes' })],
      ['Linen cushion covers', (rnd) => pattern(rnd, { pattern: 'checks' })],
      ['Stonewashed bed linen', (rnd) => pattern(rnd, { pattern: 'waves' })],
      ['Linen napkins, set of four', (rnd) => pattern(rnd, { pattern: 'dots' })],
    ],
  ],
  [
    'Ceramics',
    [
      ['Speckled stoneware mugs', (rnd) => stillLife(rnd, { object: 'cup', fruit: 'pears' })],
      ['Hand-thrown serving bowl', (rnd) => stillLife(rnd, { object: 'bowl', fruit: 'apples' })],
      ['Matte ceramic vase', (rnd) => stillLife(rnd, { object: 'vase', flowers: 1 })],
      ['Glazed plant pot', (rnd) => stillLife(rnd, { object: 'plant' })],
    ],
  ],
];

/** The demo person's Pins on no board, in two groups a board suggestion finds (sourdough, balcony). */
const UNORGANIZED: [string, (rnd: Rnd) => Picture][] = [
  ['Sourdough starter schedule', (rnd) => stillLife(rnd, { object: 'jar' })],
  ['Sourdough scoring patterns', (rnd) => stillLife(rnd, { object: 'loaf' })],
  ['Rustic sourdough loaf', (rnd) => stillLife(rnd, { object: 'loaf' })],
  ['Balcony herb garden', (rnd) => stillLife(rnd, { object: 'plant' })],
  ['Balcony view at night', (rnd) => landscape(rnd, { terrain: 'hills', time: 'night' })],
];

const lowerFirst = (s: string) => s.charAt(0).toLowerCase() + s.slice(1);

export async function seedDemoBusiness({ db, media }: { db: Db; media: MediaStore }, demoUserId: string) {
  const shop = await makeUser(db, {
    username: 'nordic_nest',
    fullName: 'Nordic Nest Studio',
    about: 'Linen, ceramics and calm things for slow homes. Designed in Copenhagen, made in small batches.',
  });
  await db.query(
    `UPDATE users SET is_partner = true, is_verified_merchant = true, website_url = 'https://nordicnest.example/', location = 'Copenhagen, Denmark',
       inspirational_badges = $2, inspirational_badge_color = '#0A7C42' WHERE id = $1`,
    [shop.id, ['handmade', 'sustainable', 'small_business']],
  );
  await partnerRepo.update(db, shop.id, {
    contact_email: 'hello@nordicnest.example',
    contact_phone: '33 12 34 56',
    contact_phone_code: '+45',
    enable_profile_address: true,
    profile_place: 'Jægersborggade 12, Copenhagen',
  });
  const cover = await storeImageBuffer(media, await renderPicture(landscape(prng(9001), { terrain: 'hills', time: 'dawn' }), 1600, 560));
  await partnerRepo.setCover(db, shop.id, { images: cover.images, base: cover.mediaBase, dominantColor: cover.dominantColor });

  let seed = 9100;
  for (const [name, products] of PRODUCTS) {
    const board = await makeBoard(db, shop.id, { name, category: 'home-decor', description: `Our ${name.toLowerCase()}.` });
    for (const [title, draw] of products) {
      const picture = draw(prng(seed++));
      const image = await storeImageBuffer(media, await renderPicture(picture, 600, 750));
      await makePin(db, {
        pinnerId: shop.id,
        boardId: board.id,
        image,
        title,
        description: `${title}, from Nordic Nest Studio: ${lowerFirst(picture.description)}`,
        link: 'https://nordicnest.example/shop',
      });
    }
  }

  for (const [title, draw] of UNORGANIZED) {
    const picture = draw(prng(seed++));
    const image = await storeImageBuffer(media, await renderPicture(picture, 600, 800));
    await makePin(db, { pinnerId: demoUserId, image, title, description: picture.description });
  }
  return shop;
}
