import { useParams } from 'react-router';
import { BoardByPathPage, BoardCreateSectionPage, SectionByPathPage } from '../features/boards/BoardPathPages';

/** /{username}/{board}/ */
export function BoardRoute() {
  const { username = '', slug = '' } = useParams();
  return <BoardByPathPage username={username} slug={slug} />;
}

/** /{username}/{board}/{section}/ */
export function SectionRoute() {
  const { username = '', slug = '', section: sectionSlug = '' } = useParams();
  return <SectionByPathPage username={username} slug={slug} sectionSlug={sectionSlug} />;
}

/** /board/{id}/create_section/ */
export function BoardCreateSectionRoute() {
  const { boardId = '' } = useParams();
  return <BoardCreateSectionPage boardId={boardId} />;
}
