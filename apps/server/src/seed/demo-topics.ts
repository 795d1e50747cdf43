/**
 * Demo content for discovery: Pins whose pictures and words fall under
 * topics (so idea pages, chips and related Pins have something to show),
 * the demo person following a few topics, an editor account (not staff) and a few Today
 * articles. Pictures are drawn locally, like the rest of the demo.
 */
import type { Db } from '../db/client';
import { newId } from '../lib/ids';
import { slugify } from '../lib/slugify';
import type { MediaStore } from '../media-pipeline/media-store';
import { composition, landscape, pattern, poster, prng, renderPicture, stillLife, type Picture, type Rnd } from './demo-pictures';
import { makeBoard, makePin, makeUser, storeImageBuffer } from './factories';

/**
 * One Pin a topic, each on a board of its own: a picture drawn like the rest of the demo (demo-pictures.ts),
 * its title written from the picture, its description naming the topic's words where the picture bears them.
 */
const TOPIC_PINS: { board: string; category: string; draw: (rnd: Rnd) => Picture; note?: string }[] = [
  { board: 'Abstract painting', category: 'art', draw: (rnd) => composition(rnd, { shape: 'circles' }) },
  { board: 'Illustration', category: 'art', draw: (rnd) => landscape(rnd, { terrain: 'hills', time: 'dusk' }), note: 'A flat illustration in layers.' },
  { board: 'Ceramics studio', category: 'art', draw: (rnd) => stillLife(rnd, { object: 'vase', flowers: 1 }), note: 'Hand-thrown pottery from the studio.' },
  { board: 'Sourdough', category: 'food-and-drink', draw: (rnd) => stillLife(rnd, { object: 'loaf' }) },
  { board: 'Coffee breaks', category: 'food-and-drink', draw: (rnd) => stillLife(rnd, { object: 'cup', fruit: 'oranges' }) },
  { board: 'Starter care', category: 'food-and-drink', draw: (rnd) => stillLife(rnd, { object: 'jar' }), note: 'Baking starts here.' },
  {
    board: 'Running',
    category: 'fitness-and-exercise',
    draw: (rnd) => poster(rnd, { words: ['RUN'], variant: 'topic' }),
    note: 'For the wall by the door, on running days.',
  },
  {
    board: 'Yoga',
    category: 'fitness-and-exercise',
    draw: (rnd) => poster(rnd, { words: ['YOGA'], variant: 'topic' }),
    note: 'A reminder to roll out the mat.',
  },
  { board: 'Puppy days', category: 'animals-and-pets', draw: (rnd) => poster(rnd, { words: ['WOOF'], variant: 'topic' }), note: 'For the puppy corner.' },
  {
    board: 'Cat naps',
    category: 'animals-and-pets',
    draw: (rnd) => poster(rnd, { words: ['CAT NAP'], variant: 'topic' }),
    note: 'For wherever the cat sleeps.',
  },
  { board: 'Beach days', category: 'travel', draw: (rnd) => landscape(rnd, { terrain: 'sea', time: 'noon' }) },
  {
    board: 'Mountain hikes',
    category: 'travel',
    draw: (rnd) => landscape(rnd, { terrain: 'mountains', time: 'dawn' }),
    note: 'The view at the top of the hike.',
  },
  { board: 'City trips', category: 'travel', draw: (rnd) => poster(rnd, { words: ['KYOTO'], variant: 'topic' }), note: 'A city trip poster.' },
  {
    board: 'Wedding flowers',
    category: 'weddings',
    draw: (rnd) => stillLife(rnd, { object: 'vase', flowers: 5 }),
    note: 'Table flowers for a garden wedding.',
  },
  { board: 'Houseplants', category: 'home-decor', draw: (rnd) => stillLife(rnd, { object: 'plant' }) },
  { board: 'Kitchen shelf', category: 'home-decor', draw: (rnd) => stillLife(rnd, { object: 'bowl', fruit: 'lemons' }), note: 'On the kitchen shelf.' },
  { board: 'Knitting', category: 'diy-and-crafts', draw: (rnd) => pattern(rnd, { pattern: 'checks' }), note: 'A knitting chart to try in two yarns.' },
  { board: 'Lettering', category: 'design', draw: (rnd) => poster(rnd, { words: ['TYPE'], variant: 'topic' }), note: 'Typography drawn by hand.' },
];

const ARTICLES: { kind: 'trending' | 'best' | 'article' | 'shop'; title: string; body: string; pick: number[] }[] = [
  {
    kind: 'trending',
    title: 'Slow mornings',
    body: 'Coffee, a stretch and a little light: small rituals for a calmer start.\n\nThe editors picked a few ideas to borrow this week.',
    pick: [4, 7, 14, 5],
  },
  {
    kind: 'best',
    title: 'Weekend trips worth the train',
    body: 'Beaches, mountains and one city that always surprises.\n\nSave the ones you would pack for tonight.',
    pick: [10, 11, 12, 1],
  },
  {
    kind: 'article',
    title: 'Make something by hand',
    body: 'Knitting, pottery and lettering: projects that fit in an evening.',
    pick: [16, 2, 17, 0],
  },
];

export async function seedDemoTopics({ db, media }: { db: Db; media: MediaStore }, demoUserId: string, makerIds: string[]) {
  const pins: string[] = [];
  for (const [i, topic] of TOPIC_PINS.entries()) {
    const ownerId = makerIds[i % makerIds.length]!;
    const board = await makeBoard(db, ownerId, { name: topic.board, category: topic.category, description: `Ideas about ${topic.board.toLowerCase()}.` });
    const picture = topic.draw(prng(500 + i));
    const image = await storeImageBuffer(media, await renderPicture(picture, 600, [800, 900, 600, 750][i % 4]!));
    const description = topic.note ? `${picture.description} ${topic.note}` : picture.description;
    pins.push(await makePin(db, { pinnerId: ownerId, boardId: board.id, image, title: picture.title, description }));
  }
  // The demo person follows a few topics (their topics tab and their home feed's recommendations).
  await db.query(
    "INSERT INTO interest_follows (user_id, interest_id) SELECT $1, id FROM interests WHERE slug IN ('travel', 'baking', 'houseplants') ON CONFLICT DO NOTHING",
    [demoUserId],
  );
  // The articles' author is not staff: like every demo account it has the published password (only `moderator` is staff).
  const editor = await makeUser(db, { username: 'pinboard_editors', fullName: 'Pinboard Editors', about: 'Stories picked by the Pinboard team.' });
  for (const a of ARTICLES) {
    const id = newId();
    await db.query('INSERT INTO today_articles (id, kind, slug, title, body, author_id) VALUES ($1, $2, $3, $4, $5, $6)', [
      id,
      a.kind,
      slugify(a.title),
      a.title,
      a.body,
      editor.id,
    ]);
    await db.query(
      'INSERT INTO today_article_pins (article_id, pin_id, position) SELECT $1, pin_id, ord FROM unnest($2::bigint[]) WITH ORDINALITY AS u(pin_id, ord)',
      [id, a.pick.map((n) => pins[n]!)],
    );
  }
}
