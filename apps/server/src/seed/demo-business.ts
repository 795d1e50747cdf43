/**
 * The demo business: a verified merchant with a cover image, contact details,
 * badges and two boards of products; and a few unorganized Pins for the demo
 * person, so their profile offers board suggestions. Images are generated and
 * run through the real pipeline like every other demo image.
 */
import type { Db } from '../db/client';
import type { MediaStore } from '../media/media-store';
import { partnerRepo } from '../modules/partner/partner.repo';
import { makeBoard, makePin, makeStoredImage, makeUser } from './factories';

const PRODUCTS: [string, string[]][] = [
  ['Linen collection', ['Washed linen throw', 'Linen cushion covers', 'Stonewashed bed linen', 'Linen napkins, set of four']],
  ['Ceramics', ['Speckled stoneware mugs', 'Hand-thrown serving bowl', 'Matte ceramic vase', 'Glazed side plates']],
];

const UNORGANIZED = ['Sourdough starter schedule', 'Sourdough scoring patterns', 'Rustic sourdough loaf', 'Balcony herb garden', 'Balcony string lights'];

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
  const cover = await makeStoredImage(media, { seed: 9001, width: 1600, height: 560 });
  await partnerRepo.setCover(db, shop.id, { images: cover.images, base: cover.mediaBase, dominantColor: cover.dominantColor });

  let seed = 9100;
  for (const [name, titles] of PRODUCTS) {
    const board = await makeBoard(db, shop.id, { name, category: 'home-decor', description: `Our ${name.toLowerCase()}.` });
    for (const title of titles) {
      const image = await makeStoredImage(media, { seed: seed++, width: 600, height: 750 });
      await makePin(db, { pinnerId: shop.id, boardId: board.id, image, title, description: `${title}, from Nordic Nest Studio.`, link: 'https://nordicnest.example/shop' });
    }
  }

  for (const title of UNORGANIZED) {
    const image = await makeStoredImage(media, { seed: seed++, width: 600, height: 800 });
    await makePin(db, { pinnerId: demoUserId, image, title });
  }
  return shop;
}
