import { useNavigate } from 'react-router';
import { MESSAGES } from '../../../lib/messages';
import { interpolate } from '@pinboard/shared/text/interpolate';
import { BoardCard } from './BoardCard';
import { ButtonLink } from '../../../components/Button/Button';
import { EmptyState } from '../../../components/EmptyState/EmptyState';
import { Modal } from '../../../components/Modal/Modal';
import { NotFoundView } from '../../../components/NotFoundView/NotFoundView';
import { Spinner } from '../../../components/Spinner/Spinner';
import { showToast } from '../../../components/Toast/toasts';
import { canOrganize } from '../boards.api';
import { type useBoardById, type useBoardByPath, type useSectionBySlug, useUserBoards } from '../boards.queries';
import { BoardInviteCard } from './BoardInviteCard';
import { useInviteByPath } from '../invites.queries';
import { CreateSectionForm } from './CreateSectionForm';
import { useSignedInViewer } from '../../session/session.queries';
import { useProfile } from '../../users/users.queries';
import { isApiError } from '../../../lib/api';
import { TEXTS } from '../../../lib/allTexts';
import { useDocumentTitle } from '../../../lib/useDocumentTitle';
import styles from './BoardPage.module.css';
import { BoardView } from './BoardView';

/*
 * The pages of a board and of a section, and what they show when the board
 * is missing: features/boards/BoardPathPages.tsx picks one for the address
 * that routes/BoardRoute.tsx read.
 */

const isMissing = (error: unknown) => isApiError(error) && (error.isNotFound || error.httpStatus === 400);

/** A board, or what stands for it when it is missing. */
export function BoardPage({ board, username, slug }: { board: ReturnType<typeof useBoardByPath>; username: string; slug: string }) {
  if (board.isError && !board.data) {
    if (isMissing(board.error)) return <BoardNotFound username={username} slug={slug} />;
    throw board.error;
  }
  if (!board.data) return <Spinner />;
  return <BoardView key={board.data.id} board={board.data} section={null} />;
}

/** A section of a board: its Pins, or not found. */
export function SectionPage({
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

/** /board/{id}/create_section/: the board with the create-section dialog over it (for those who may organize it). */
export function CreateSectionPage({ board, boardId }: { board: ReturnType<typeof useBoardById>; boardId: string }) {
  const navigate = useNavigate();
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
              ownerId={b.owner.id}
              onCancel={close}
              onCreated={(section) => {
                showToast(TEXTS.boardPage.sectionCreated({ title: section.title }));
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
 * them (docs/product/profiles-and-boards.md §8).
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
          {TEXTS.boardNotFound.profileLink({ name })}
        </ButtonLink>
      </div>
    </div>
  );
}
