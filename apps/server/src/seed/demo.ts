/**
 * Demo content for a fresh install (and `npm run seed`): 12 people, 40 boards
 * with sections, 600 Pins (200 originals with locally generated images and
 * 400 saves of them), and follows between the people; then a demo business
 * (demo-business.ts).
 */
import type { Db } from '../db/client';
import type { MediaStore } from '../media/media-store';
import { seedDemoAds } from './demo-ads';
import { seedDemoBusiness } from './demo-business';
import { seedDemoComments } from './demo-comments';
import { seedDemoEntry } from './demo-entry';
import { seedDemoBusinessAccess } from './demo-business-access';
import { seedDemoTakedowns } from './demo-takedowns';
import { seedDemoTopics } from './demo-topics';
import { seedDemoVideos } from './demo-videos';
import type { EnqueueTranscode } from '../modules/pins/transcode-job';
import { DEFAULT_PASSWORD, follow, makeBoard, makePin, makeSection, makeStoredImage, makeUser, type StoredImage } from './factories';

export const DEMO_LOGIN = { username: 'demo', password: DEFAULT_PASSWORD };

const PEOPLE: [string, string, string][] = [
  ['demo', 'Demo Person', 'Trying out everything. Log in as demo to look around.'],
  ['ava_lindqvist', 'Ava Lindqvist', 'Slow living, Scandinavian interiors and lots of plants.'],
  ['mateo_rivera', 'Mateo Rivera', 'Home cook. Weeknight dinners and weekend baking.'],
  ['priya_nair', 'Priya Nair', 'Illustrator collecting colour palettes and typography.'],
  ['kenji_sato', 'Kenji Sato', 'Trail runner and travel planner.'],
  ['lea_dubois', 'Léa Dubois', 'Vintage fashion and small-space style.'],
  ['omar_haddad', 'Omar Haddad', 'Woodworking, DIY projects and workshop ideas.'],
  ['sofia_rossi', 'Sofia Rossi', 'Wedding planner. Flowers, tables and dresses.'],
  ['noah_becker', 'Noah Becker', 'Dog dad. Pets, parks and hiking gear.'],
  ['amara_okafor', 'Amara Okafor', 'Skincare, beauty and self-care routines.'],
  ['lucas_martin', 'Lucas Martin', 'Quotes that keep me going, and the odd meme.'],
  ['mei_chen', 'Mei Chen', 'Art history, museums and modern design.'],
];

const BOARD_THEMES: [string, string[], string][] = [
  ['Cozy living rooms', ['Sofas', 'Lighting'], 'home-decor'],
  ['Weeknight dinners', ['Pasta', 'One-pan'], 'food-and-drink'],
  ['Colour palettes', ['Warm', 'Cool'], 'design'],
  ['Trail running', ['Gear', 'Routes'], 'fitness-and-exercise'],
  ['Vintage outfits', ['Summer', 'Winter'], 'womens-fashion'],
  ['Workshop ideas', ['Storage', 'Tools'], 'diy-and-crafts'],
  ['Garden weddings', ['Flowers', 'Tables'], 'weddings'],
  ['Happy dogs', ['Puppies', 'Walks'], 'animals-and-pets'],
  ['Skincare routines', ['Morning', 'Evening'], 'beauty'],
  ['Words to live by', ['Work', 'Life'], 'quotes'],
  ['Modern art', ['Painting', 'Sculpture'], 'art'],
  ['Japan trip', ['Tokyo', 'Kyoto'], 'travel'],
  ['Minimal menswear', ['Shoes', 'Jackets'], 'mens-fashion'],
  ['Sourdough baking', ['Loaves', 'Starters'], 'food-and-drink'],
];

const TITLES = [
  'Morning light', 'Soft neutrals', 'Golden hour', 'Quiet corner', 'Bold and bright', 'Weekend project',
  'Simple and fresh', 'Layered textures', 'Sunday reset', 'Little details', 'Green and calm', 'Warm tones',
  'Clean lines', 'Handmade', 'Everyday favourite', 'Fresh start', 'Small space idea', 'Seasonal pick',
];

/** Seeds demo content when the database has no users. Returns a summary, or null when it did nothing. */
export async function seedDemoIfEmpty(deps: DemoDeps, log: (msg: string) => void = () => {}) {
  const [row] = await deps.db.query<{ n: number }>('SELECT count(*)::int AS n FROM users');
  if ((row?.n ?? 0) > 0) return null;
  return seedDemo(deps, log);
}

/** `enqueueTranscode`: the demo videos are transcoded by the job queue like uploads. */
export interface DemoDeps {
  db: Db;
  media: MediaStore;
  enqueueTranscode: EnqueueTranscode;
}

export async function seedDemo({ db, media, enqueueTranscode }: DemoDeps, log: (msg: string) => void = () => {}) {
  const started = Date.now();
  log('Seeding demo content (first start)…');
  const users = [];
  for (const [username, fullName, about] of PEOPLE) users.push(await makeUser(db, { username, fullName, about }));

  const boards: { id: string; ownerId: string; sections: string[] }[] = [];
  for (let i = 0; i < 40; i++) {
    const owner = users[i % users.length]!;
    const [theme, sectionTitles, category] = BOARD_THEMES[i % BOARD_THEMES.length]!;
    const round = Math.floor(i / BOARD_THEMES.length);
    const name = round === 0 ? theme : `${theme} ${['ideas', 'inspiration'][round - 1] ?? round}`;
    const privacy = i % 13 === 5 ? 'secret' : 'public';
    const board = await makeBoard(db, owner.id, { name, category, privacy, description: `A collection of ${theme.toLowerCase()}.` });
    const sections = [];
    for (const [pos, title] of sectionTitles.entries()) sections.push(await makeSection(db, board.id, title, pos));
    boards.push({ id: board.id, ownerId: owner.id, sections });
  }

  const originals: { id: string; image: StoredImage; title: string }[] = [];
  const ratios = [[600, 800], [600, 900], [600, 600], [600, 450], [600, 1000], [600, 750]] as const;
  for (let i = 0; i < 200; i++) {
    const board = boards[i % boards.length]!;
    const [width, height] = ratios[i % ratios.length]!;
    const image = await makeStoredImage(media, { seed: i, width, height });
    const title = `${TITLES[i % TITLES.length]}`;
    const id = await makePin(db, {
      pinnerId: board.ownerId,
      boardId: board.id,
      sectionId: i % 3 === 0 ? board.sections[i % board.sections.length] ?? null : null,
      image,
      title,
      description: `${title}: an idea saved to this board. Tap to see it bigger and save it to one of your boards.`,
      link: i % 4 === 0 ? `https://example.com/ideas/${i}` : '',
    });
    originals.push({ id, image, title });
    if (i % 50 === 49) log(`  ${i + 1} images made`);
  }

  for (let i = 0; i < 400; i++) {
    const source = originals[(i * 7) % originals.length]!;
    const board = boards[(i * 11 + 3) % boards.length]!;
    await makePin(db, { pinnerId: board.ownerId, boardId: board.id, image: source.image, title: source.title, parentPinId: source.id });
  }

  for (const [a, user] of users.entries()) {
    for (const offset of [1, 2, 4, 7]) await follow(db, user.id, users[(a + offset) % users.length]!.id);
  }
  await seedDemoVideos({ db, media, enqueueTranscode }, users, boards);
  const business = await seedDemoBusiness({ db, media }, users[0]!.id);
  await seedDemoComments(db, users);
  await seedDemoBusinessAccess(db, business.id);
  for (const user of users.slice(0, 6)) await follow(db, user.id, business.id);
  await seedDemoEntry(db, users.map((user) => user.id));
  await seedDemoTakedowns(db);
  await seedDemoAds(db, business.id);
  await seedDemoTopics({ db, media }, users[0]!.id, users.slice(1).map((u) => u.id));
  return `Demo content ready in ${((Date.now() - started) / 1000).toFixed(1)} s: ${users.length} people, ${boards.length} boards, 600 Pins. Log in as "${DEMO_LOGIN.username}" with the password "${DEMO_LOGIN.password}".`;
}
