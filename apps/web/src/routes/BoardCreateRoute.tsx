import { useNavigate, useParams } from 'react-router';
import { MESSAGES } from '@pinboard/shared/constants/messages';
import { ButtonLink } from '../components/Button/Button';
import { EmptyState } from '../components/EmptyState/EmptyState';
import { Spinner } from '../components/Spinner/Spinner';
import { CreateBoardDialog } from '../features/boards/components/CreateBoardDialog';
import { useViewer } from '../features/session/session.queries';
import { TEXTS } from '../lib/texts';
import { useDocumentTitle } from '../lib/useDocumentTitle';
import { HomeRoute } from './HomeRoute';

/**
 * /board/create/ and /board/create/cluster/{clusterId}: the create-board
 * dialog over the home feed; closing it goes home, creating goes to the board.
 */
export function BoardCreateRoute() {
  useDocumentTitle(TEXTS.board.dialogTitle);
  const navigate = useNavigate();
  const { clusterId } = useParams();
  const { data: viewer } = useViewer();
  if (!viewer) return <Spinner />;
  if (!viewer.isAuth) {
    return (
      <EmptyState
        headingLevel={1}
        heading={MESSAGES.loginPrompt.createBoard}
        action={
          <ButtonLink to="/login/" variant="primary" size="large">
            {TEXTS.nav.logIn}
          </ButtonLink>
        }
      >
        {TEXTS.board.loginNeeded}
      </EmptyState>
    );
  }
  return (
    <>
      <HomeRoute />
      <CreateBoardDialog
        isOpen
        source={clusterId ? 'create_pin_cluster_page' : 'profile'}
        onOpenChange={(open) => {
          if (!open) void navigate('/', { replace: true });
        }}
      />
    </>
  );
}
