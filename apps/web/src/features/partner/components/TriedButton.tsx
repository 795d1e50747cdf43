import { formatCount } from '../../../lib/i18n';
import { Button } from '../../../components/Button/Button';
import { Icon } from '../../../components/Icon/Icon';
import { showToast } from '../../../components/Toast/toasts';
import { isApiError } from '../../../lib/api';
import { TEXTS } from '../../../lib/allTexts';
import { useSetTried, useTried } from '../partner.queries';
import styles from './Partner.module.css';

/**
 * On a Pin's closeup: the signed-in viewer marks the Pin as tried (it then
 * shows on their profile's Tried tab), and everyone sees how many did.
 */
export function TriedButton({ pinId, viewerUsername }: { pinId: string; viewerUsername: string | null }) {
  const tried = useTried(pinId);
  const setTried = useSetTried(pinId, viewerUsername);
  const state = tried.data;
  if (!state) return null;
  const toggle = () =>
    setTried.mutate(!state.tried_by_me, {
      onError: (error) => showToast(isApiError(error) && error.message ? error.fullMessage : TEXTS.genericError, { tone: 'error' }),
    });
  return (
    <div className={styles.tried}>
      {viewerUsername && (
        <Button variant={state.tried_by_me ? 'dark' : 'secondary'} isDisabled={setTried.isPending} onPress={toggle}>
          {state.tried_by_me && <Icon name="check" size={16} />}
          {state.tried_by_me ? TEXTS.partner.triedIt : TEXTS.partner.markTried}
        </Button>
      )}
      {state.tried_count > 0 && (
        <span className={styles.triedCount}>{TEXTS.partner.triedCount({ n: state.tried_count, formatted: formatCount(state.tried_count) })}</span>
      )}
    </div>
  );
}
