/**
 * Demo comments: a few people talk under the first public Pins, one of them
 * mentioning the Pin's pinner, so a closeup shows the conversation.
 */
import type { Db } from '../db/client';
import { makeComment } from './factories';

const LINES = [
  'This is exactly the look I was after. Saving it for the weekend!',
  'Does anyone know where this is? The light is unreal.',
  'Tried this last month and it turned out great, thanks for sharing.',
  'Love the colours here @{pinner}, where did you find it?',
];

export async function seedDemoComments(db: Db, people: { id: string }[]) {
  const pins = await db.query<{ id: string; pinner_id: string; username: string }>(
    `SELECT p.id, p.pinner_id, u.username FROM pins p JOIN users u ON u.id = p.pinner_id
     JOIN boards b ON b.id = p.board_id
     WHERE b.privacy = 'public' AND p.parent_pin_id IS NULL ORDER BY p.id LIMIT 12`,
  );
  for (const [i, pin] of pins.entries()) {
    const writers = people.filter((p) => p.id !== pin.pinner_id);
    for (let k = 0; k < 1 + (i % 4); k++) {
      const author = writers[(i * 3 + k) % writers.length]!;
      await makeComment(db, { pinId: pin.id, authorId: author.id, text: LINES[(i + k) % LINES.length]!.replace('{pinner}', pin.username) });
    }
  }
}
