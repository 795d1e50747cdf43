/**
 * Demo content for a fresh install (and `npm run seed`): 12 people, 40 boards
 * of 13 themes (demo-themes.ts), each section holding Pins, 600 Pins (200
 * originals with pictures drawn locally from parameters that their titles and
 * descriptions are written from, demo-pictures.ts, and 400 saves of them to
 * other boards of the same theme), and follows between the people; then a
 * demo business (demo-business.ts).
 */
import type { Db } from '../db/client';
import type { MediaStore } from '../media-pipeline/media-store';
import { seedDemoAds } from './demo-ads';
import { seedDemoBusiness } from './demo-business';
import { seedDemoComments } from './demo-comments';
import { seedDemoEntry } from './demo-entry';
import { seedDemoBusinessAccess } from './demo-business-access';
import { seedDemoTakedowns } from './demo-takedowns';
import { seedDemoTopics } from './demo-topics';
import { seedDemoVideos } from './demo-videos';
import { DEFAULT_PASSWORD, follow, makeBoard, makePin, makeSection, makeUser, storeImageBuffer, type StoredImage } from './factories';
import { prng, renderPicture } from './demo-pictures';
import { boardName, DEMO_THEMES, themeByKey } from './demo-themes';
import type { EnqueueTranscode } from '../modules/pins/transcode-job';

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

/** What a seeded board is: its owner, its theme (a key of DEMO_THEMES) and its sections' ids in the theme's order. */
interface DemoBoard {
  id: string;
  ownerId: string;
  theme: string;
  sections: string[];
}

/**
 * `pictureScale` draws the pictures smaller (tests: the same content, faster); `videos: false` leaves out the
 * videos (which need ffmpeg and the transcoder).
 */
export interface SeedDemoOptions {
  pictureScale?: number;
  videos?: boolean;
}

export async function seedDemo({ db, media, enqueueTranscode }: DemoDeps, log: (msg: string) => void = () => {}, opts: SeedDemoOptions = {}) {
  const started = Date.now();
  const scale = opts.pictureScale ?? 1;
  log('Seeding demo content (first start)…');
  const users = [];
  for (const [username, fullName, about] of PEOPLE) users.push(await makeUser(db, { username, fullName, about }));

  // 40 boards over the 13 themes; a theme's boards belong to different people.
  const boards: DemoBoard[] = [];
  for (let i = 0; i < 40; i++) {
    const owner = users[i % users.length]!;
    const theme = DEMO_THEMES[i % DEMO_THEMES.length]!;
    const privacy = i % 14 === 5 ? 'secret' : 'public';
    const board = await makeBoard(db, owner.id, {
      name: boardName(theme, Math.floor(i / DEMO_THEMES.length)),
      category: theme.category,
      privacy,
      description: theme.description,
    });
    const sections = [];
    for (const [pos, title] of theme.sections.entries()) sections.push(await makeSection(db, board.id, title, pos));
    boards.push({ id: board.id, ownerId: owner.id, theme: theme.key, sections });
  }

  // 200 originals, five a board: the first in the board's first section, the second in its second, the rest on
  // the board itself; each picture drawn for its place, its title and description written from the picture, no
  // title used twice.
  const originals: { id: string; image: StoredImage; title: string; board: DemoBoard; section: number | null }[] = [];
  const titles = new Set<string>();
  const ratios = [
    [600, 800],
    [600, 900],
    [600, 600],
    [600, 750],
    [600, 1000],
    [600, 700],
  ] as const;
  for (let i = 0; i < 200; i++) {
    const board = boards[i % boards.length]!;
    const theme = themeByKey(board.theme);
    const round = Math.floor(i / boards.length);
    const section = round < board.sections.length ? round : null;
    let picture = theme.draw(prng(i), section);
    for (let k = 1; titles.has(picture.title); k++) picture = theme.draw(prng(i + k * 1000), section);
    titles.add(picture.title);
    const [width, height] = ratios[i % ratios.length]!;
    const image = await storeImageBuffer(media, await renderPicture(picture, Math.round(width * scale), Math.round(height * scale)));
    const id = await makePin(db, {
      pinnerId: board.ownerId,
      boardId: board.id,
      sectionId: section === null ? null : board.sections[section]!,
      image,
      title: picture.title,
      description: picture.description,
      link: i % 4 === 0 ? `https://example.com/ideas/${i}` : '',
    });
    originals.push({ id, image, title: picture.title, board, section });
    if (i % 50 === 49) log(`  ${i + 1} images made`);
  }

  // 400 saves: each original saved twice, to two other boards of its theme (into the same section), all the first
  // saves before the second ones, so the newest Pins of a feed are of different originals.
  const holding = new Map<string, Set<string>>(originals.map((o) => [o.id, new Set([o.board.id])]));
  for (let round = 0; round < 2; round++) {
    for (let i = 0; i < originals.length; i++) {
      const source = originals[(i * 7) % originals.length]!;
      const held = holding.get(source.id)!;
      const candidates = boards.filter((b) => b.theme === source.board.theme && !held.has(b.id));
      const board = candidates[(i + round) % candidates.length]!;
      held.add(board.id);
      await makePin(db, {
        pinnerId: board.ownerId,
        boardId: board.id,
        sectionId: source.section === null ? null : board.sections[source.section]!,
        image: source.image,
        title: source.title,
        parentPinId: source.id,
      });
    }
  }

  for (const [a, user] of users.entries()) {
    for (const offset of [1, 2, 4, 7]) await follow(db, user.id, users[(a + offset) % users.length]!.id);
  }
  await seedDemoVideos({ db, media, enqueueTranscode }, users, boards, 4, opts.videos ?? true);
  const business = await seedDemoBusiness({ db, media }, users[0]!.id);
  await seedDemoComments(db, users);
  await seedDemoBusinessAccess(db, business.id);
  for (const user of users.slice(0, 6)) await follow(db, user.id, business.id);
  await seedDemoEntry(
    db,
    users.map((user) => user.id),
  );
  await seedDemoTakedowns(db);
  await seedDemoAds(db, business.id);
  await seedDemoTopics(
    { db, media },
    users[0]!.id,
    users.slice(1).map((u) => u.id),
  );
  return `Demo content ready in ${((Date.now() - started) / 1000).toFixed(1)} s: ${users.length} people, ${boards.length} boards, 600 Pins. Log in as "${DEMO_LOGIN.username}" with the password "${DEMO_LOGIN.password}".`;
}
