/**
 * Demo content for discovery: Pins whose titles name topics (so idea pages,
 * chips and related Pins have something to show), the demo person following
 * a few topics, an editor account (not staff) and a few Today articles. Images are made
 * locally, like the rest of the demo.
 */
import type { Db } from '../db/client';
import { newId } from '../lib/ids';
import { slugify } from '../lib/slugify';
import type { MediaStore } from '../media/media-store';
import { makeBoard, makePin, makeStoredImage, makeUser } from './factories';

const TOPIC_PINS: [string, string, string][] = [
  ['Watercolor sketches', 'Loose watercolor painting of a harbour at dawn.', 'art'],
  ['Pencil drawing study', 'A quick pencil sketch of hands, for practice.', 'art'],
  ['Ceramics studio', 'Hand-thrown pottery drying on the shelf.', 'art'],
  ['Lemon drizzle cake', 'The easiest cake for a Sunday afternoon.', 'food-and-drink'],
  ['Weeknight pasta', 'A quick recipe for dinner with tomatoes and basil.', 'food-and-drink'],
  ['Iced coffee', 'Cold brew coffee with oat milk.', 'food-and-drink'],
  ['Trail running shoes', 'What to pack for a long trail run.', 'fitness-and-exercise'],
  ['Morning yoga flow', 'Fifteen minutes of stretching to start the day.', 'fitness-and-exercise'],
  ['Puppy training', 'Teaching a puppy to walk on a lead.', 'animals-and-pets'],
  ['Sleepy cat', 'A kitten asleep in a sunbeam.', 'animals-and-pets'],
  ['Beach house', 'Island getaway with white sand beaches.', 'travel'],
  ['Mountain hike', 'A hiking route above the clouds.', 'travel'],
  ['Kyoto in spring', 'City trip: temples, tea and cherry blossom.', 'travel'],
  ['Bridal bouquet', 'Wild flowers for a garden wedding bouquet.', 'weddings'],
  ['Houseplants shelf', 'Trailing plants for a bright corner.', 'home-decor'],
  ['Small kitchen ideas', 'Open shelves for a tiny kitchen.', 'home-decor'],
  ['Knitting a scarf', 'Chunky yarn and big needles: a first knitting project.', 'diy-and-crafts'],
  ['Typography poster', 'A bold poster of lettering and type.', 'design'],
];

const ARTICLES: { kind: 'trending' | 'best' | 'article' | 'shop'; title: string; body: string; pick: number[] }[] = [
  {
    kind: 'trending',
    title: 'Slow mornings',
    body: 'Coffee, a stretch and a little light: small rituals for a calmer start.\n\nThe editors picked a few ideas to borrow this week.',
    pick: [5, 7, 14, 0],
  },
  {
    kind: 'best',
    title: 'Weekend trips worth the train',
    body: 'Beaches, mountains and one city that always surprises.\n\nSave the ones you would pack for tonight.',
    pick: [10, 11, 12, 6],
  },
  {
    kind: 'article',
    title: 'Make something by hand',
    body: 'Knitting, pottery and a few pencils: projects that fit in an evening.',
    pick: [16, 2, 1, 17],
  },
];

export async function seedDemoTopics({ db, media }: { db: Db; media: MediaStore }, demoUserId: string, makerIds: string[]) {
  const pins: string[] = [];
  for (const [i, [title, description, category]] of TOPIC_PINS.entries()) {
    const ownerId = makerIds[i % makerIds.length]!;
    const board = await makeBoard(db, ownerId, { name: `${title} board`, category, description: `Ideas about ${title.toLowerCase()}.` });
    const image = await makeStoredImage(media, { seed: 500 + i, width: 600, height: [800, 900, 600, 750][i % 4]! });
    pins.push(await makePin(db, { pinnerId: ownerId, boardId: board.id, image, title, description }));
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
    await db.query('INSERT INTO today_articles (id, kind, slug, title, body, author_id) VALUES ($1, $2, $3, $4, $5, $6)', [id, a.kind, slugify(a.title), a.title, a.body, editor.id]);
    await db.query(
      'INSERT INTO today_article_pins (article_id, pin_id, position) SELECT $1, pin_id, ord FROM unnest($2::bigint[]) WITH ORDINALITY AS u(pin_id, ord)',
      [id, a.pick.map((n) => pins[n]!)],
    );
  }
}
