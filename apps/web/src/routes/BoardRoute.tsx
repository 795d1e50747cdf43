import { useId, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { MESSAGES } from '@pinboard/shared/constants/messages';
import { interpolate } from '@pinboard/shared/text/interpolate';
import { useCreateMenuSurface } from '../features/boards/CreateMenuContext';
import { Avatar } from '../components/Avatar/Avatar';
import { BoardCard, boardPinCount } from '../features/boards/components/BoardCard';
import { Button, ButtonLink, IconButton } from '../components/Button/Button';
import { EmptyState } from '../components/EmptyState/EmptyState';
import { Icon } from '../components/Icon/AllIcons';
import { Modal } from '../components/Modal/Modal';
import { NotFoundView } from '../components/NotFoundView/NotFoundView';
import { SensitiveNotice } from '../components/SensitiveNotice/SensitiveNotice';
import { Spinner } from '../components/Spinner/Spinner';
import { showToast } from '../components/Toast/toasts';
import { canOrganize, type Board, type Section } from '../features/boards/boards.api';
import { useBoardById, useBoardByPath, useSectionBySlug, useSections, useUserBoards } from '../features/boards/boards.queries';
import { BoardActionsMenu } from '../features/boards/components/BoardActionsMenu';
import { BoardEditDialog, SectionEditDialog } from '../overlays';
import { BoardInviteCard } from '../features/boards/components/BoardInviteCard';
import { InviteLink } from '../features/boards/components/InviteLink';
import { CollaboratorFacePile } from '../features/boards/components/CollaboratorFacePile';
import { DensityMenu } from '../features/boards/components/DensityMenu';
import { OrganizeBar } from '../features/boards/components/OrganizeBar';
import { SectionsStrip } from '../features/boards/components/SectionsStrip';
import { useInviteByPath } from '../features/boards/invites.queries';
import { useMoveSection } from '../features/boards/sections.queries';
import { sensitiveLook } from '../features/boards/sensitive';
import { NOTHING_SELECTED, isSelected, toggle, type Selection } from '../features/boards/selection';
import { PinFeed } from '../features/feeds/components/PinFeed';
import { CreateSectionForm } from '../features/picker/components/BoardPicker';
import { useSignedInViewer } from '../features/session/session.queries';
import { useMetadata, useUpdateMetadata } from '../features/users/metadata.queries';
import { useProfile } from '../features/users/users.queries';
import { isApiError } from '../lib/api';
import * as TEXTS from '../lib/allTexts';
import { useDocumentTitle } from '../lib/useDocumentTitle';
import styles from './BoardRoute.module.css';

const isMissing = (error: unknown) => isApiError(error) && (error.isNotFound || error.httpStatus === 400);

/**
 * /{username}/{board}/ (and /{username}/{board}/{section}/): the invite
 * link's prompt or redemption (`accept_invite`) sits above the page, so it
 * lives on while the page switches between not found and the board.
 */
export function BoardRoute() {
  const { username = '', slug = '' } = useParams();
  const board = useBoardByPath(username, slug);
  useDocumentTitle(board.data?.name);
  return (
    <>
      <InviteLink board={board.data ?? null} ready={!board.isPending} username={username} slug={slug} />
      <BoardPage board={board} username={username} slug={slug} />
    </>
  );
}

function BoardPage({ board, username, slug }: { board: ReturnType<typeof useBoardByPath>; username: string; slug: string }) {
  if (board.isError && !board.data) {
    if (isMissing(board.error)) return <BoardNotFound username={username} slug={slug} />;
    throw board.error;
  }
  if (!board.data) return <Spinner />;
  return <BoardView key={board.data.id} board={board.data} section={null} />;
}

/** /{username}/{board}/{section}/: the section's Pins. */
export function SectionRoute() {
  const { username = '', slug = '', section: sectionSlug = '' } = useParams();
  const board = useBoardByPath(username, slug);
  const section = useSectionBySlug(board.data?.id ?? null, sectionSlug);
  useDocumentTitle(section.data && board.data ? `${section.data.title} · ${board.data.name}` : null);
  return (
    <>
      <InviteLink board={board.data ?? null} ready={!board.isPending} username={username} slug={slug} />
      <SectionPage board={board} section={section} username={username} />
    </>
  );
}

function SectionPage({
  board,
  section,
  username,
}: {
  board: ReturnType<typeof useBoardByPath>;
  section: ReturnType<typeof useSectionBySlug>;
  username: string;
}) {
  if (board.isError) {
    if (isMissing(board.error)) return <BoardNotFound username={username} />;
    throw board.error;
  }
  if (section.isError) {
    if (isMissing(section.error)) return <NotFoundView />;
    throw section.error;
  }
  if (!board.data || !section.data) return <Spinner />;
  return <BoardView key={section.data.id} board={board.data} section={section.data} />;
}

/** /board/{id}/create_section/: the board with the create-section dialog over it. */
export function BoardCreateSectionRoute() {
  const { boardId = '' } = useParams();
  const navigate = useNavigate();
  const board = useBoardById(boardId);
  useDocumentTitle(TEXTS.boardPage.createSectionTitle);
  if (!/^\d+$/.test(boardId) || (board.isError && isMissing(board.error))) return <NotFoundView />;
  if (board.isError) throw board.error;
  if (!board.data) return <Spinner />;
  const b = board.data;
  return (
    <>
      <BoardView key={b.id} board={b} section={null} />
      {canOrganize(b) && (
        <Modal
          isOpen
          onOpenChange={(open) => {
            if (!open) void navigate(b.url, { replace: true });
          }}
          title={TEXTS.boardPage.createSectionTitle}
        >
          {(close) => (
            <CreateSectionForm
              boardId={b.id}
              onCancel={close}
              onCreated={(section) => {
                showToast(TEXTS.boardPage.sectionCreated(section.title));
                void navigate(section.url ?? b.url, { replace: true });
              }}
            />
          )}
        </Modal>
      )}
    </>
  );
}

/**
 * A missing (or hidden) board of a profile that exists: 'We couldn't find
 * that page.' and, once, 'But here are some of {name}'s other boards!' with
 * them (profiles-and-boards §8).
 */
function BoardNotFound({ username, slug }: { username: string; slug?: string }) {
  const viewer = useSignedInViewer();
  const invite = useInviteByPath(username, slug ?? '', { enabled: !!viewer && !!slug });
  if (invite.data) {
    return (
      <div className={styles.notFound}>
        <h1 className="visually-hidden">{invite.data.board.name}</h1>
        <BoardInviteCard invite={invite.data} />
      </div>
    );
  }
  if (invite.isLoading) return <Spinner />;
  return <OtherBoards username={username} />;
}

/** 'We couldn't find that page.' with some of the profile's other boards. */
function OtherBoards({ username }: { username: string }) {
  useDocumentTitle(MESSAGES.board.notFound);
  const profile = useProfile(username);
  const boards = useUserBoards(username);
  const others = (boards.data?.pages.flatMap((page) => page.data) ?? []).slice(0, 6);
  if (profile.isPending) return <Spinner />;
  if (!profile.data || others.length === 0) {
    return boards.isPending && profile.data ? <Spinner /> : <NotFoundView />;
  }
  const name = profile.data.full_name || profile.data.username;
  return (
    <div className={styles.notFound}>
      <EmptyState headingLevel={1} heading={MESSAGES.board.notFound} illustration={false}>
        {interpolate(MESSAGES.board.otherBoards, { name })}
      </EmptyState>
      <ul className={styles.otherBoards}>
        {others.map((board) => (
          <li key={board.id}>
            <BoardCard board={board} />
          </li>
        ))}
      </ul>
      <div className={styles.notFoundAction}>
        <ButtonLink to={`/${profile.data.username}/`} variant="secondary" size="large">
          {TEXTS.boardNotFound.profileLink(name)}
        </ButtonLink>
      </div>
    </div>
  );
}

/**
 * A board or one of its sections: header with the owner's and collaborators'
 * tools, the sections strip, Organize mode and the Pins in the chosen density.
 */
function BoardView({ board, section }: { board: Board; section: Section | null }) {
  const viewer = useSignedInViewer();
  const metadata = useMetadata();
  const updateMetadata = useUpdateMetadata();
  const sections = useSections(!section && board.section_count > 0 ? board.id : null);
  const [organizing, setOrganizing] = useState(false);
  const [selection, setSelection] = useState<Selection>(NOTHING_SELECTED);
  const [editing, setEditing] = useState<false | 'form' | 'collaborators'>(false);
  const [editingSection, setEditingSection] = useState<Section | null>(null);
  const moveSection = useMoveSection();
  const navigate = useNavigate();
  const sectionsHeading = useId();
  const organizer = !!viewer && canOrganize(board);
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
          {!section && board.section_count > 0 && <span>{TEXTS.board.sections(board.section_count)}</span>}
        </p>
        {viewer && (
          <div className={styles.actions}>
            {organizer && <BoardActionsMenu surface="board" board={board} {...(section ? { section } : {})} />}
            {organizer && !section && (
              <IconButton label={TEXTS.boardPage.edit} className={styles.toolButton} onPress={() => setEditing('form')}>
                <Icon name="pencil" size={20} />
              </IconButton>
            )}
            {organizer && section && (
              <IconButton label={TEXTS.sectionEdit.edit} className={styles.toolButton} onPress={() => setEditingSection(section)}>
                <Icon name="pencil" size={20} />
              </IconButton>
            )}
            <DensityMenu density={dense ? 'dense' : 'regular'} onChange={(value) => updateMetadata.mutate({ board_pin_rep_view_type: value })} />
            {organizer && pinCount > 0 && (
              <Button variant={organizing ? 'dark' : 'secondary'} onPress={() => (organizing ? stopOrganizing() : setOrganizing(true))} aria-pressed={organizing}>
                {TEXTS.organize.organize}
              </Button>
            )}
          </div>
        )}
      </header>
      {look === 'veiled' && <SensitiveBoardNotice board={board} onShow={() => setRevealed(true)} />}
      {look !== 'veiled' && !section && sections.data && (
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
        />
      )}
      {organizing && (
        <OrganizeBar board={board} section={section} selection={selection} onSelectionChange={setSelection} onDone={stopOrganizing} />
      )}
      {look !== 'veiled' && (
        <PinFeed
          source={section ? { kind: 'section', boardId: board.id, sectionId: section.id } : { kind: 'board', boardId: board.id }}
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
          empty={
            <EmptyState action={addPin}>
              {section ? TEXTS.boardPage.emptySection : organizer ? TEXTS.board.emptyOwner : TEXTS.board.emptyVisitor}
            </EmptyState>
          }
        />
      )}
      {organizer && (
        <BoardEditDialog
          board={board}
          isOpen={editing !== false}
          onOpenChange={(open) => setEditing(open ? (editing || 'form') : false)}
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

function Owner({ board }: { board: Board }) {
  const ownerName = board.owner.full_name || board.owner.username;
  return (
    <div className={styles.owner}>
      <Avatar name={ownerName} imageUrl={board.owner.image_medium_url} size={32} />
      <span>
        {TEXTS.board.by} <Link to={`/${board.owner.username}/`}>{ownerName}</Link>
      </span>
    </div>
  );
}
