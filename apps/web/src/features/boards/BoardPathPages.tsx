import { useBoardById, useBoardByPath, useSectionBySlug } from './boards.queries';
import { BoardPage, CreateSectionPage, SectionPage } from './components/BoardPage';
import { InviteLink } from './components/InviteLink';
import { TEXTS } from '../../lib/allTexts';
import { useDocumentTitle } from '../../lib/useDocumentTitle';

/**
 * /{username}/{board}/ (and /{username}/{board}/{section}/): the invite
 * link's prompt or redemption (`accept_invite`) sits above the page, so it
 * lives on while the page switches between not found and the board.
 */
export function BoardByPathPage({ username, slug }: { username: string; slug: string }) {
  const board = useBoardByPath(username, slug);
  useDocumentTitle(board.data?.name);
  return (
    <>
      <InviteLink board={board.data ?? null} ready={!board.isPending} username={username} slug={slug} />
      <BoardPage board={board} username={username} slug={slug} />
    </>
  );
}

/** /{username}/{board}/{section}/: the section's Pins. */
export function SectionByPathPage({ username, slug, sectionSlug }: { username: string; slug: string; sectionSlug: string }) {
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

/** /board/{id}/create_section/: the board with the create-section dialog over it. */
export function BoardCreateSectionPage({ boardId }: { boardId: string }) {
  const board = useBoardById(boardId);
  useDocumentTitle(TEXTS.boardPage.createSectionTitle);
  return <CreateSectionPage board={board} boardId={boardId} />;
}
