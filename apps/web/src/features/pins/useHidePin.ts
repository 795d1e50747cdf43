import { useQueryClient } from '@tanstack/react-query';
import { showToast } from '../../components/Toast/toasts';
import { TEXTS } from '../../lib/texts';
import { feedKeys, removePinsFromFeeds, restoreFeeds } from '../../lib/feedCache';
import { setPinHidden, type Pin } from './pins.api';

const HOME_FEED = feedKeys.feed({ kind: 'home' });

/**
 * Hiding a Pin: it leaves the cached home feed at once and a toast offers
 * Undo, which shows it again (on the server and in the feed). A failure puts
 * the feed back and says so.
 */
export function useHidePin() {
  const queryClient = useQueryClient();

  const undo = (pin: Pin, snapshot: ReturnType<typeof removePinsFromFeeds>['snapshot']) => {
    restoreFeeds(queryClient, snapshot);
    setPinHidden(pin.id, false).catch(() => {
      removePinsFromFeeds(queryClient, HOME_FEED, (p) => p.id === pin.id);
      showToast(TEXTS.genericError, { tone: 'error' });
    });
  };

  return (pin: Pin) => {
    const { snapshot } = removePinsFromFeeds(queryClient, HOME_FEED, (p) => p.id === pin.id);
    setPinHidden(pin.id, true).then(
      () => showToast(TEXTS.pin.hidden, { action: { label: TEXTS.pin.undo, onAction: () => undo(pin, snapshot) } }),
      () => {
        restoreFeeds(queryClient, snapshot);
        showToast(TEXTS.pin.hideFailed, { tone: 'error' });
      },
    );
  };
}
