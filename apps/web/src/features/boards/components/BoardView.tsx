import { Suspense, useId, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { MESSAGES } from '../../../lib/messages';
import { useCreateMenuSurface } from '../CreateMenuContext';
import { Avatar } from '../../../components/Avatar/Avatar';
import { boardPinCount } from './BoardCard';
import { Button, ButtonLink, IconButton } from '../../../components/Button/Button';
import { EmptyState } from '../../../components/EmptyState/EmptyState';
import { Icon } from '../../../components/Icon/AllIcons';
import { SensitiveNotice } from '../../../components/SensitiveNotice/SensitiveNotice';
import { showToast } from '../../../components/Toast/toasts';
import { canOrganize, type Board, type Section } from '../boards.api';
import { useSections } from '../boards.queries';
import { BoardActionsMenu } from './BoardActionsMenu';
import { BoardEditDialog, PincodeModal, SectionEditDialog } from '../../../overlays';
import { BoardInviteCard } from './BoardInviteCard';
import { BoardFollowButton } from './BoardFollowButton';
import { PersonFollowButton } from '../../social/components/PersonFollowButton';
import { interpolate } from '@pinboard/shared/text/interpolate';
import { formatCount } from '../../../lib/i18n';
import { CollaboratorFacePile } from './CollaboratorFacePile';
import { DensityMenu } from './DensityMenu';
import { OrganizeBar } from './OrganizeBar';
import { SectionsStrip, SectionsStripPlaceholder } from './SectionsStrip';
import { useMoveSection } from '../sections.queries';
import { sensitiveLook } from '../sensitive';
import { NOTHING_SELECTED, isSelected, toggle, type Selection } from '../selection';
import { PinFeed } from '../../feeds/components/PinFeed';
import { useFeed } from '../../feeds/feeds.queries';
import { FeedSkeleton } from '../../../components/masonry/FeedSkeleton';
import type { FeedSource } from '../../feeds/feeds.api';
import { lazyNamed } from '../../../lib/lazyNamed';
import type { BoardDndParts } from './BoardPinDnd';
import { useSignedInViewer } from '../../session/session.queries';
import { useMetadata, useUpdateMetadata } from '../../users/metadata.queries';
import { TEXTS } from '../../../lib/allTexts';
import styles from './BoardPage.module.css';

/** Dragging Pins (decision 065): its own chunk, for people who may organize the board. */
const BoardPinDnd = lazyNamed(() => import('./BoardPinDnd'), 'BoardPinDnd');

/**
 * A board or one of its sections: header with the owner's and collaborators'
 * tools, the sections strip, Organize mode and the Pins in the chosen density.
 */
export function BoardView({ board, section }: { board: Board; section: Section | null }) {
  const viewer = useSignedInViewer();
  const metadata = useMetadata();
  const updateMetadata = useUpdateMetadata();
  const sections = useSections(!section && board.section_count > 0 ? board.id : null);
  const [organizing, setOrganizing] = useState(false);
  const [selection, setSelection] = useState<Selection>(NOTHING_SELECTED);
  const [editing, setEditing] = useState<false | 'form' | 'collaborators'>(false);
  const [editingSection, setEditingSection] = useState<Section | null>(null);
  const [pincode, setPincode] = useState(false);
  const moveSection = useMoveSection();
  const navigate = useNavigate();
  const sectionsHeading = useId();
  const organizer = canOrganize(board);
  // A board marked sensitive holds its Pins back from visitors until they show them, for this page view (decision 016).
  const [revealed, setRevealed] = useState(false);
  const look = sensitiveLook(board, revealed);
  const dense = metadata.data?.board_pin_rep_view_type === 'dense';
  useCreateMenuSurface(section ? { viewType: 'section', board, section } : { viewType: 'board', board });

  const stopOrganizing = () => {
    setOrganizing(false);
    setSelection(NOTHING_SELECTED);
  };
  const addPin = organizer ? (
    <ButtonLink to={`/pin-creation-tool/?board_id=${board.id}`} variant="primary" size="large">
      <Icon name="plus" size={18} />
      {TEXTS.board.addPin}
    </ButtonLink>
  ) : undefined;
  const pinCount = section ? section.pin_count : board.pin_count;
  const source: FeedSource = section ? { kind: 'section', boardId: board.id, sectionId: section.id } : { kind: 'board', boardId: board.id };
  // An organizer's Pins load while the dragging chunk does (the feed below reads the same query).
  useFeed(source, { enabled: organizer && look !== 'veiled' });

  const organizeBar = <OrganizeBar board={board} section={section} selection={selection} onSelectionChange={setSelection} onDone={stopOrganizing} />;
  /** The sections strip, Organize bar and Pins; with `dnd`, Pins can be dragged to a new place or onto a section. */
  const content = (dnd?: BoardDndParts) => (
    <>
      {/* The strip's room is kept while its sections load, so the Pins below do not move (decision 058). */}
      {!section && !sections.data && board.section_count > 0 && !sections.isError && (
        <SectionsStripPlaceholder count={board.section_count} headingId={sectionsHeading} />
      )}
      {!section && sections.data && (
        <SectionsStrip
          sections={sections.data}
          headingId={sectionsHeading}
          {...(organizer
            ? {
                onEdit: setEditingSection,
                onMove: (moved: Section, position: number) =>
                  moveSection.mutate({ section: moved, position }, { onError: () => showToast(MESSAGES.board.somethingWentWrong, { tone: 'error' }) }),
              }
            : {})}
          {...(dnd ? { decorateCard: dnd.section } : {})}
        />
      )}
      {organizing && organizeBar}
      <PinFeed
        source={source}
        label={section ? section.title : board.name}
        dense={dense}
        {...(organizing
          ? {
              selection: {
                isSelected: (pin) => isSelected(selection, pin.id),
                onChange: (pin, selected) => setSelection((current) => toggle(current, pin.id, selected)),
              },
            }
          : {})}
        {...(dnd ? { decorateCard: dnd.pin } : {})}
        empty={
          <EmptyState action={addPin}>{section ? TEXTS.boardPage.emptySection : organizer ? TEXTS.board.emptyOwner : TEXTS.board.emptyVisitor}</EmptyState>
        }
      />
    </>
  );

  return (
    <>
      {!section && viewer && board.viewer_invite && <BoardInviteCard invite={board.viewer_invite} />}
      <header className={styles.header}>
        {section && (
          <Link to={board.url} className={styles.crumb}>
            <Icon name="chevronLeft" size={16} />
            {board.name}
          </Link>
        )}
        <h1 className={styles.name}>
          {section ? section.title : board.name}
          {!section && board.privacy === 'secret' && <Icon name="lock" size={24} label={TEXTS.board.secret} />}
        </h1>
        {!section && board.archived_by_me_at && <p className={styles.archived}>{TEXTS.boardPage.archived}</p>}
        {look === 'marked' && <p className={styles.archived}>{TEXTS.sensitiveBoard.marked}</p>}
        {!section && board.description && <p className={styles.description}>{board.description}</p>}
        {!section &&
          ((board.collaborator_count ?? 0) > 0 ? (
            <CollaboratorFacePile board={board} {...(organizer ? { onPress: () => setEditing('collaborators') } : {})} />
          ) : (
            <Owner board={board} />
          ))}
        <p className={styles.meta}>
          <span>{boardPinCount(pinCount)}</span>
          {!section && board.section_count > 0 && <span>{TEXTS.board.sections({ n: board.section_count })}</span>}
          {!section && <span>{boardFollowersText(board.follower_count)}</span>}
        </p>
        {!section && !board.is_owner && (
          <div className={styles.follow}>
            <BoardFollowButton board={board} />
          </div>
        )}
        {viewer && (
          <div className={styles.actions}>
            {organizer && <BoardActionsMenu surface="board" board={board} {...(section ? { section } : {})} />}
            {organizer && !section && (
              <IconButton label={TEXTS.boardPage.edit} className={styles.toolButton} onPress={() => setEditing('form')}>
                <Icon name="pencil" size={20} />
              </IconButton>
            )}
            {section?.can?.edit && (
              <IconButton label={TEXTS.sectionEdit.edit} className={styles.toolButton} onPress={() => setEditingSection(section)}>
                <Icon name="pencil" size={20} />
              </IconButton>
            )}
            <DensityMenu density={dense ? 'dense' : 'regular'} onChange={(value) => updateMetadata.mutate({ board_pin_rep_view_type: value })} />
            <IconButton label={TEXTS.pincode.title} className={styles.toolButton} onPointerEnter={PincodeModal.prefetch} onPress={() => setPincode(true)}>
              <Icon name="pincode" size={20} />
            </IconButton>
            <PincodeModal isOpen={pincode} onOpenChange={setPincode} subject={{ kind: 'board', boardId: board.id, name: board.name }} />
            {organizer && pinCount > 0 && (
              <Button
                variant={organizing ? 'dark' : 'secondary'}
                onPress={() => (organizing ? stopOrganizing() : setOrganizing(true))}
                aria-pressed={organizing}
              >
                {TEXTS.organize.organize}
              </Button>
            )}
          </div>
        )}
      </header>
      {look === 'veiled' && <SensitiveBoardNotice board={board} onShow={() => setRevealed(true)} />}
      {look !== 'veiled' &&
        (organizer ? (
          // Its fallback is the loading look, not the content itself: content shown first would be mounted
          // again once the chunk arrives, closing a menu opened meanwhile (decision 065).
          <Suspense
            fallback={
              <>
                {!section && board.section_count > 0 && <SectionsStripPlaceholder count={board.section_count} headingId={sectionsHeading} />}
                <FeedSkeleton />
              </>
            }
          >
            <BoardPinDnd board={board} source={source} selection={organizing ? selection : null} onSelectionChange={setSelection}>
              {content}
            </BoardPinDnd>
          </Suspense>
        ) : (
          content()
        ))}
      {look === 'veiled' && organizing && organizeBar}
      {organizer && (
        <BoardEditDialog
          board={board}
          isOpen={editing !== false}
          onOpenChange={(open) => setEditing(open ? editing || 'form' : false)}
          initialView={editing || 'form'}
        />
      )}
      {organizer && editingSection && (
        <SectionEditDialog
          board={board}
          section={editingSection}
          isOpen
          onOpenChange={(open) => {
            if (!open) setEditingSection(null);
          }}
          {...(section ? { onPageChange: (url: string) => void navigate(url, { replace: true }) } : {})}
        />
      )}
    </>
  );
}

/** The board page's notice for a visitor of a board marked sensitive: its cover blurred, and the Pins once they choose. */
function SensitiveBoardNotice({ board, onShow }: { board: Board; onShow: () => void }) {
  const cover = board.cover_images?.['474x']?.url ?? board.image_cover_url;
  return (
    <section className={styles.sensitive} aria-label={MESSAGES.board.sensitiveContent}>
      <div className={styles.sensitiveCover} style={{ backgroundColor: board.cover_dominant_color ?? undefined }} aria-hidden="true">
        {cover && <img src={cover} alt="" />}
      </div>
      <SensitiveNotice size="page" showText={TEXTS.sensitiveBoard.showPins} onShow={onShow}>
        {TEXTS.sensitiveBoard.pageHelp}
      </SensitiveNotice>
    </section>
  );
}

/** A board's follower count, as a profile's is written ('{n} follower(s)', docs/product/profiles-and-boards.md §2). */
function boardFollowersText(count: number): string {
  return interpolate(count === 1 ? MESSAGES.profile.followersOne : MESSAGES.profile.followersOther, { n: formatCount(count) });
}

/** The board's owner, with a Follow button for them on a board that is not the viewer's (decision 089). */
function Owner({ board }: { board: Board }) {
  const ownerName = board.owner.full_name || board.owner.username;
  return (
    <div className={styles.owner}>
      <Avatar name={ownerName} imageUrl={board.owner.image_medium_url} size={32} />
      <span>
        {TEXTS.board.by} <Link to={`/${board.owner.username}/`}>{ownerName}</Link>
      </span>
      {!board.is_owner && <PersonFollowButton person={{ id: board.owner.id, username: board.owner.username, name: ownerName }} size="small" />}
    </div>
  );
}
