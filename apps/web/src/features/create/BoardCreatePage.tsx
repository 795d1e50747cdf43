import { useRef } from 'react';
import { useNavigate, useParams } from 'react-router';
import { MESSAGES } from '../../lib/messages';
import { Spinner } from '../../components/Spinner/Spinner';
import { CreateBoardDialog } from '../../overlays';
import { RequireSignedIn } from '../session/components/RequireSignedIn';
import { TEXTS } from '../../lib/allTexts';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { HomePage } from '../feeds/HomePage';
import { boardUrlAfterCreate, type Board } from '../boards/boards.api';
import { clusterName, type PinCluster } from '../partner/clusters.api';
import styles from '../partner/components/Partner.module.css';
import { useClusterPins, useOrganizeCluster, usePinClusters } from '../partner/clusters.queries';
import { showToast } from '../../components/Toast/toasts';
import { isApiError } from '../../lib/api';
import { firstImage, pinAltText, pinTitle } from '../../lib/pinText';

/**
 * /board/create/ and /board/create/cluster/{clusterId}: the create-board
 * dialog over the home feed; closing it goes home, creating goes to the board.
 * From a board suggestion, the dialog shows the suggestion's Pins and name,
 * and the new board receives those Pins.
 */
export function BoardCreatePage() {
  useDocumentTitle(TEXTS.board.dialogTitle);
  const navigate = useNavigate();
  const { clusterId } = useParams();
  return (
    <RequireSignedIn heading={MESSAGES.loginPrompt.createBoard} body={TEXTS.board.loginNeeded}>
      {() => {
        if (clusterId) return <ClusterBoardCreate clusterId={clusterId} />;
        return (
          <>
            <HomePage />
            <CreateBoardDialog
              isOpen
              source="profile"
              onOpenChange={(open) => {
                if (!open) void navigate('/', { replace: true });
              }}
            />
          </>
        );
      }}
    </RequireSignedIn>
  );
}

/** A board made from a board suggestion: its name suggested, its Pins shown, then moved onto the new board. */
function ClusterBoardCreate({ clusterId }: { clusterId: string }) {
  const navigate = useNavigate();
  // Read from the list (not by id), so a suggestion that is gone is no error: the board is made without it.
  const clusters = usePinClusters();
  // Kept once seen: after the move the suggestion is gone from the list, while the dialog is still closing.
  const seen = useRef<PinCluster | undefined>(undefined);
  seen.current ??= clusters.data?.find((entry) => entry.id === clusterId);
  const found = seen.current;
  const pins = useClusterPins(found ? clusterId : undefined);
  const organize = useOrganizeCluster();
  if (clusters.isPending) return <Spinner />;
  const intro = found ? (
    <div className={styles.clusterPreview}>
      <p>{TEXTS.partner.clusterPreview({ n: found.pin_count })}</p>
      <ul className={styles.clusterStrip}>
        {(pins.data ?? []).map((pin) => {
          const image = firstImage(pin.images, ['236x', '474x', 'orig']);
          return (
            <li key={pin.id}>{image && <img src={image.url} alt={pinTitle(pin) || pinAltText(pin)} style={{ backgroundColor: pin.dominant_color }} />}</li>
          );
        })}
      </ul>
    </div>
  ) : (
    <p className={styles.clusterPreview}>{TEXTS.partner.clusterMissing}</p>
  );
  const onCreated = (board: Board) => {
    const go = () => void navigate(boardUrlAfterCreate(board, null));
    if (!found) return go();
    organize.mutate(
      { clusterId, boardId: board.id },
      {
        onSuccess: (result) => {
          showToast(TEXTS.partner.clusterMoved({ n: result.moved_count, board: board.name }));
          go();
        },
        onError: (error) => {
          showToast(isApiError(error) && error.message ? error.fullMessage : TEXTS.genericError, { tone: 'error' });
          go();
        },
      },
    );
  };
  return (
    <>
      <HomePage />
      <CreateBoardDialog
        isOpen
        source="create_pin_cluster_page"
        initialName={found ? clusterName(found) : undefined}
        intro={intro}
        navigateOnCreate={false}
        onCreated={onCreated}
        onOpenChange={(open) => {
          if (!open) void navigate('/', { replace: true });
        }}
      />
    </>
  );
}
