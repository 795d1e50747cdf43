import { useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import {
  closestCorners,
  DndContext,
  DragOverlay,
  KeyboardSensor,
  PointerSensor,
  pointerWithin,
  closestCenter,
  useDroppable,
  useSensor,
  useSensors,
  type Announcements,
  type CollisionDetection,
  type DragEndEvent,
  type DragStartEvent,
  type ScreenReaderInstructions,
} from '@dnd-kit/core';
import { SortableContext, sortableKeyboardCoordinates, useSortable } from '@dnd-kit/sortable';
import { useQueryClient } from '@tanstack/react-query';
import { MESSAGES } from '../../../lib/messages';
import { interpolate } from '@pinboard/shared/text/interpolate';
import { Icon } from '../../../components/Icon/AllIcons';
import { showToast } from '../../../components/Toast/toasts';
import { feedKeys, restoreFeeds, type FeedData, type FeedSnapshot, type FeedSource } from '../../../lib/feedCache';
import { firstImage, pinTitle } from '../../../lib/pinText';
import type { Pin } from '../../../lib/answers';
import { TEXTS } from '../../../lib/allTexts';
import type { Board, Section } from '../boards.api';
import { useMoveSelectedPins } from '../bulkPins.queries';
import { useFeed } from '../../feeds/feeds.queries';
import { placePin } from '../pinOrder.api';
import { isSelected, toggle, NOTHING_SELECTED, type Selection } from '../selection';
import { bulkFailureText } from './OrganizeBar';
import styles from './BoardPinDnd.module.css';

/*
 * Dragging Pins on a board (decision 065), loaded only on the board pages of
 * people who may organize them: a Pin's handle picks it up (pointer, or Space
 * with the keyboard), dropping it on another Pin puts it in that Pin's place
 * in the board's custom order, dropping it on a section moves it (or, in
 * Organize mode, the whole selection when it is part of it) into that
 * section. Both are optimistic and come back on failure with a toast.
 */

interface PinData {
  type: 'pin';
  pin: Pin;
}
interface SectionData {
  type: 'section';
  section: Section;
}
type DragData = PinData | SectionData;

/** What the board page wraps its Pin cards and section cards in while dragging is on. */
export interface BoardDndParts {
  pin: (pin: Pin, card: ReactNode) => ReactNode;
  section: (section: Section, card: ReactNode) => ReactNode;
}

export interface BoardPinDndProps {
  board: Board;
  source: FeedSource;
  /** Organize mode's selection, when it is on: dropping a selected Pin on a section moves all of them. */
  selection: Selection | null;
  onSelectionChange: (selection: Selection) => void;
  children: (parts: BoardDndParts) => ReactNode;
}

const titleOf = (pin: Pin) => pinTitle(pin) || TEXTS.pinDrag.untitled;
const dataOf = (entry: { data: { current?: unknown } } | null | undefined) => entry?.data.current as DragData | undefined;

/** The Pins of a cached feed in order, each once (as PinFeed shows them). */
function pinsOf(data: { pages: readonly { data: readonly Pin[] }[] } | undefined): Pin[] {
  const seen = new Set<string>();
  const pins: Pin[] = [];
  for (const page of data?.pages ?? []) {
    for (const pin of page.data) {
      if (seen.has(pin.id)) continue;
      seen.add(pin.id);
      pins.push(pin);
    }
  }
  return pins;
}

/** The cached feed with `pinId` in `to`'s place, pages keeping their lengths. */
function reordered(data: FeedData, pinId: string, toId: string): FeedData {
  const all = data.pages.flatMap((page) => page.data);
  const from = all.findIndex((pin) => pin.id === pinId);
  const to = all.findIndex((pin) => pin.id === toId);
  if (from < 0 || to < 0) return data;
  const next = [...all];
  const [moved] = next.splice(from, 1);
  if (!moved) return data;
  next.splice(to, 0, moved);
  let start = 0;
  return {
    ...data,
    pages: data.pages.map((page) => {
      const slice = next.slice(start, start + page.data.length);
      start += page.data.length;
      return { ...page, data: slice };
    }),
  };
}

/** Pointer: the card under the pointer. Keyboard (no pointer): the nearest corners, as the keyboard's moves measure. */
const collisions: CollisionDetection = (args) => {
  if (!args.pointerCoordinates) return closestCorners(args);
  const under = pointerWithin(args);
  return under.length > 0 ? under : closestCenter(args);
};

export function BoardPinDnd({ board, source, selection, onSelectionChange, children }: BoardPinDndProps) {
  const queryClient = useQueryClient();
  const feedKey = feedKeys.feed(source);
  // Sections take drops on the board page only (its sections strip): the Pins come from the whole board.
  const moveSelected = useMoveSelectedPins(board, null);
  // The same query PinFeed shows (one cache entry): the order the handles move in.
  const pins = pinsOf(useFeed(source).data);
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 6 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );

  const place = (pin: Pin, target: Pin) => {
    const ids = pins.map((p) => p.id);
    const from = ids.indexOf(pin.id);
    const to = ids.indexOf(target.id);
    if (from < 0 || to < 0 || from === to) return;
    const order = [...ids];
    order.splice(from, 1);
    order.splice(to, 0, pin.id);
    const after = order[to - 1];
    const before = order[to + 1];
    const snapshot: FeedSnapshot = [[feedKey, queryClient.getQueryData<FeedData>(feedKey)]];
    queryClient.setQueryData<FeedData>(feedKey, (data) => (data ? reordered(data, pin.id, target.id) : data));
    placePin({ board_id: board.id, pin_id: pin.id, ...(after ? { after_pin_id: after } : {}), ...(before ? { before_pin_id: before } : {}) })
      .then(() => queryClient.invalidateQueries({ queryKey: feedKeys.ofBoard(board.id), refetchType: 'none' }))
      .catch(() => {
        restoreFeeds(queryClient, snapshot);
        showToast(TEXTS.pinDrag.failed, { tone: 'error' });
      });
  };

  const moveToSection = (pin: Pin, target: Section) => {
    const withSelection = selection && isSelected(selection, pin.id);
    const chosen = withSelection ? selection : toggle(NOTHING_SELECTED, pin.id, true);
    if (!withSelection && pin.section_id === target.id) return;
    if (withSelection) onSelectionChange(NOTHING_SELECTED);
    moveSelected
      .mutateAsync({ chosen, to: { board, section: target } })
      .then(() => showToast(interpolate(MESSAGES.board.movedTo, { boardName: target.title })))
      .catch((error: unknown) => {
        if (withSelection) onSelectionChange(chosen);
        showToast(bulkFailureText(error), { tone: 'error' });
      });
  };

  // The card that follows the pointer (over the sections strip too); the Pin itself stays, faded, in its place.
  const [lifted, setLifted] = useState<{ pin: Pin; width: number } | null>(null);
  const onDragStart = ({ active }: DragStartEvent) => {
    const dragged = dataOf(active);
    if (dragged?.type === 'pin') setLifted({ pin: dragged.pin, width: active.rect.current.initial?.width ?? 236 });
  };

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    setLifted(null);
    const dragged = dataOf(active);
    const target = dataOf(over);
    if (dragged?.type !== 'pin' || !target) return;
    if (target.type === 'section') moveToSection(dragged.pin, target.section);
    else if (target.pin.id !== dragged.pin.id) place(dragged.pin, target.pin);
  };

  const titleOfData = (data: DragData | undefined) => (data?.type === 'pin' ? titleOf(data.pin) : (data?.section.title ?? ''));
  const announcements: Announcements = {
    onDragStart: ({ active }) => TEXTS.pinDrag.pickedUp({ title: titleOfData(dataOf(active)) }),
    onDragOver: ({ active, over }) => {
      // Over its own place (just picked up): the pick-up line stands.
      if (over?.id === active.id) return undefined;
      const title = titleOfData(dataOf(active));
      const target = dataOf(over);
      if (!target) return TEXTS.pinDrag.overNothing({ title });
      return target.type === 'section'
        ? TEXTS.pinDrag.overSection({ title, section: target.section.title })
        : TEXTS.pinDrag.overPin({ title, target: titleOf(target.pin) });
    },
    onDragEnd: ({ active, over }) => {
      const title = titleOfData(dataOf(active));
      const target = dataOf(over);
      if (!target || (target.type === 'pin' && over?.id === active.id)) return TEXTS.pinDrag.droppedNowhere({ title });
      return target.type === 'section'
        ? TEXTS.pinDrag.droppedOnSection({ title, section: target.section.title })
        : TEXTS.pinDrag.droppedOnPin({ title, target: titleOf(target.pin) });
    },
    onDragCancel: ({ active }) => TEXTS.pinDrag.cancelled({ title: titleOfData(dataOf(active)) }),
  };
  const instructions: ScreenReaderInstructions = { draggable: TEXTS.pinDrag.instructions };

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={collisions}
      onDragStart={onDragStart}
      onDragEnd={onDragEnd}
      onDragCancel={() => setLifted(null)}
      accessibility={{ announcements, screenReaderInstructions: instructions }}
    >
      <SortableContext items={pins.map((pin) => pin.id)} strategy={() => null}>
        {children({
          pin: (pin, card) => <SortablePin pin={pin}>{card}</SortablePin>,
          section: (target, card) => <DroppableSection section={target}>{card}</DroppableSection>,
        })}
      </SortableContext>
      {/* On the body: a fixed overlay inside a transformed or contained ancestor would be placed against it, not the viewport. */}
      {createPortal(<DragOverlay dropAnimation={null}>{lifted && <LiftedPin pin={lifted.pin} width={lifted.width} />}</DragOverlay>, document.body)}
    </DndContext>
  );
}

/**
 * A Pin card that can be dragged by its handle. The others stay where they
 * are while it moves; the card it is over shows where it will go: a bar
 * before it (moving up the order) or after it (moving down).
 */
function SortablePin({ pin, children }: { pin: Pin; children: ReactNode }) {
  const data: PinData = { type: 'pin', pin };
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, isDragging, isOver, index, activeIndex } = useSortable({
    id: pin.id,
    data,
    attributes: { roleDescription: TEXTS.pinDrag.roleDescription },
  });
  const indicator = isOver && !isDragging && activeIndex >= 0 ? (activeIndex > index ? 'before' : 'after') : null;
  return (
    <div ref={setNodeRef} className={styles.pin} data-dragging={isDragging || undefined} data-drop={indicator ?? undefined}>
      {children}
      <button
        type="button"
        ref={setActivatorNodeRef}
        className={styles.handle}
        aria-label={TEXTS.pinDrag.handle({ title: titleOf(pin) })}
        {...attributes}
        {...listeners}
      >
        <Icon name="grip" size={18} />
      </button>
      {indicator && <span className={styles.indicator} data-side={indicator} aria-hidden="true" />}
    </div>
  );
}

/** The dragged Pin's picture under the pointer. */
function LiftedPin({ pin, width }: { pin: Pin; width: number }) {
  const image = firstImage(pin.images, ['236x', '474x', 'orig']);
  const height = image && image.width > 0 ? Math.round((width * image.height) / image.width) : width;
  return (
    <div className={styles.lifted} style={{ width, height, backgroundColor: pin.dominant_color }}>
      {image && <img src={image.url} alt="" />}
      <span className={styles.liftedHandle} aria-hidden="true">
        <Icon name="grip" size={18} />
      </span>
    </div>
  );
}

/** A section card that takes dropped Pins. */
function DroppableSection({ section, children }: { section: Section; children: ReactNode }) {
  const data: SectionData = { type: 'section', section };
  const { setNodeRef, isOver, active } = useDroppable({ id: `section:${section.id}`, data });
  return (
    <div ref={setNodeRef} className={styles.section} data-over={(isOver && !!active) || undefined} data-dragging={!!active || undefined}>
      {children}
    </div>
  );
}
