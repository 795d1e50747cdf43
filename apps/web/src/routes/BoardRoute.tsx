import { Link, useParams } from 'react-router';
import { Avatar } from '../components/Avatar/Avatar';
import { boardPinCount } from '../components/BoardCard/BoardCard';
import { ButtonLink } from '../components/Button/Button';
import { EmptyState } from '../components/EmptyState/EmptyState';
import { Icon } from '../components/Icon/Icon';
import { NotFoundView } from '../components/NotFoundView/NotFoundView';
import { Spinner } from '../components/Spinner/Spinner';
import type { Board } from '../features/boards/boards.api';
import { useBoardByPath } from '../features/boards/boards.queries';
import { PinFeed } from '../features/feeds/components/PinFeed';
import { isApiError } from '../lib/api';
import { TEXTS } from '../lib/texts';
import { useDocumentTitle } from '../lib/useDocumentTitle';
import styles from './BoardRoute.module.css';

export function BoardRoute() {
  const { username = '', slug = '' } = useParams();
  const board = useBoardByPath(username, slug);
  useDocumentTitle(board.data?.name);

  if (board.isError) {
    if (isApiError(board.error) && (board.error.isNotFound || board.error.httpStatus === 400)) return <NotFoundView />;
    throw board.error;
  }
  if (!board.data) return <Spinner />;
  const b = board.data;
  const addPin = (
    <ButtonLink to={`/pin-creation-tool/?board_id=${b.id}`} variant="primary" size="large">
      <Icon name="plus" size={18} />
      {TEXTS.board.addPin}
    </ButtonLink>
  );

  return (
    <>
      <BoardHeader board={b} />
      <PinFeed
        key={b.id}
        source={{ kind: 'board', boardId: b.id }}
        label={b.name}
        empty={<EmptyState action={b.is_owner ? addPin : undefined}>{b.is_owner ? TEXTS.board.emptyOwner : TEXTS.board.emptyVisitor}</EmptyState>}
      />
    </>
  );
}

function BoardHeader({ board }: { board: Board }) {
  const ownerName = board.owner.full_name || board.owner.username;
  return (
    <header className={styles.header}>
      <h1 className={styles.name}>
        {board.name}
        {board.privacy === 'secret' && <Icon name="lock" size={24} label={TEXTS.board.secret} />}
      </h1>
      {board.description && <p className={styles.description}>{board.description}</p>}
      <div className={styles.owner}>
        <Avatar name={ownerName} imageUrl={board.owner.image_medium_url} size={32} />
        <span>
          {TEXTS.board.by} <Link to={`/${board.owner.username}/`}>{ownerName}</Link>
        </span>
      </div>
      <p className={styles.meta}>
        <span>{boardPinCount(board.pin_count)}</span>
        {board.section_count > 0 && <span>{TEXTS.board.sections(board.section_count)}</span>}
      </p>
      {board.is_owner && board.pin_count > 0 && (
        <div className={styles.actions}>
          <ButtonLink to={`/pin-creation-tool/?board_id=${board.id}`} variant="secondary">
            <Icon name="plus" size={18} />
            {TEXTS.board.addPin}
          </ButtonLink>
        </div>
      )}
    </header>
  );
}
