import { canonicalPinUrl } from './fields';
import type { ExportedBoard, ExportedPin } from './types';
import { ExportRejected } from './types';

/** A Pin as read, before its board is resolved: its board named by id and name rather than by key, and no canonical URL yet. */
export type ReadPin = Omit<ExportedPin, 'pinUrl' | 'boardKey'> & { boardId: string | null; boardName: string | null };

/** A board as a Boards section lists it. */
export interface ReadBoard {
  pinterestId: string | null;
  name: string | null;
  description: string | null;
  privacy: 'public' | 'secret' | null;
  sections: string[];
}

const FILLABLE = ['title', 'description', 'link', 'altText', 'createdAt', 'section', 'image'] as const;

/**
 * Gathers Pins and boards in the export's order: one Pin per id (the first wins, its empty fields
 * filled from later ones), boards keyed by Board Id when one is known, else by name.
 */
export class ExportCollector {
  private readonly pins = new Map<string, ReadPin>();
  private readonly listed: ReadBoard[] = [];

  constructor(private readonly maxPins: number) {}

  addPin(pin: ReadPin): void {
    const first = this.pins.get(pin.pinterestId);
    if (!first) {
      if (this.pins.size >= this.maxPins) throw new ExportRejected('too_many_pins', `more than ${this.maxPins} Pins`);
      this.pins.set(pin.pinterestId, pin);
      return;
    }
    for (const field of FILLABLE) {
      if (first[field] == null && pin[field] != null) (first as unknown as Record<string, unknown>)[field] = pin[field];
    }
    if (first.boardId == null && first.boardName == null) {
      first.boardId = pin.boardId;
      first.boardName = pin.boardName;
    } else {
      if (first.boardId == null && pin.boardId != null && (first.boardName === pin.boardName || pin.boardName == null)) first.boardId = pin.boardId;
      if (first.boardName == null && pin.boardName != null && (first.boardId === pin.boardId || pin.boardId == null)) first.boardName = pin.boardName;
    }
    if (first.storyImages.length === 0 && pin.storyImages.length > 0) first.storyImages = pin.storyImages;
  }

  addBoard(board: ReadBoard): void {
    this.listed.push(board);
  }

  get pinCount(): number {
    return this.pins.size;
  }

  finish(): { boards: ExportedBoard[]; pins: ExportedPin[] } {
    // A board's name by its id, from every place that names both (first wins).
    const nameById = new Map<string, string>();
    const idByName = new Map<string, string>();
    const learn = (id: string | null, name: string | null): void => {
      if (id == null || name == null) return;
      if (!nameById.has(id)) nameById.set(id, name);
      if (!idByName.has(name)) idByName.set(name, id);
    };
    for (const board of this.listed) learn(board.pinterestId, board.name);
    for (const pin of this.pins.values()) learn(pin.boardId, pin.boardName);

    const boards = new Map<string, ExportedBoard>();
    const boardFor = (id: string | null, name: string | null): ExportedBoard | null => {
      const knownId = id ?? (name != null ? (idByName.get(name) ?? null) : null);
      const key = knownId != null ? `id:${knownId}` : name != null ? `name:${name}` : null;
      if (key == null) return null;
      let board = boards.get(key);
      if (!board) {
        board = {
          key,
          pinterestId: knownId,
          name: name ?? (knownId != null ? (nameById.get(knownId) ?? null) : null),
          description: null,
          privacy: null,
          sections: [],
        };
        boards.set(key, board);
      }
      return board;
    };
    for (const listed of this.listed) {
      const board = boardFor(listed.pinterestId, listed.name);
      if (!board) continue;
      board.name ??= listed.name;
      board.description ??= listed.description;
      board.privacy ??= listed.privacy;
      for (const section of listed.sections) if (!board.sections.includes(section)) board.sections.push(section);
    }
    const pins: ExportedPin[] = [];
    for (const pin of this.pins.values()) {
      const board = boardFor(pin.boardId, pin.boardName);
      if (board && pin.section != null && !board.sections.includes(pin.section)) board.sections.push(pin.section);
      const image = pin.image ?? pin.storyImages[0] ?? null;
      pins.push({
        pinterestId: pin.pinterestId,
        pinUrl: canonicalPinUrl(pin.pinterestId),
        title: pin.title,
        description: pin.description,
        link: pin.link,
        altText: pin.altText,
        createdAt: pin.createdAt,
        boardKey: board?.key ?? null,
        section: pin.section,
        alive: pin.alive,
        isVideo: pin.isVideo,
        isRepin: pin.isRepin,
        private: pin.private,
        image,
        storyImages: pin.storyImages,
      });
    }
    return { boards: [...boards.values()], pins };
  }
}
