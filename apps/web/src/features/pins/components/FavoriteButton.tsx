import { IconButton } from '../../../components/Button/Button';
import { Icon } from '../../../components/Icon/AllIcons';
import { showToast } from '../../../components/Toast/toasts';
import { isApiError } from '../../../lib/api';
import { TEXTS } from '../../../lib/allTexts';
import type { Pin } from '../pins.api';
import { useSetPinFavorite } from '../pins.queries';

/** The owner's favourite toggle on a Pin's closeup (feeds the own profile's Favorites filter). */
export function FavoriteButton({ pin }: { pin: Pin }) {
  const mark = useSetPinFavorite(pin.id);
  const favorite = pin.is_favorite ?? false;

  return (
    <IconButton
      label={favorite ? TEXTS.pin.removeFavorite : TEXTS.pin.addFavorite}
      isDisabled={mark.isPending}
      onPress={() =>
        mark.mutate(!favorite, {
          onSuccess: (result) => showToast(result.is_favorite ? TEXTS.pin.favoriteAdded : TEXTS.pin.favoriteRemoved),
          onError: (error) => showToast(isApiError(error) && error.message ? error.fullMessage : TEXTS.genericError, { tone: 'error' }),
        })
      }
    >
      <Icon name={favorite ? 'heart' : 'heartOutline'} size={20} />
    </IconButton>
  );
}
