import { COLLABORATOR_FACE_PILE_NAMES } from '@pinboard/shared/constants/limits';
import { MESSAGES } from '../../../lib/messages';
import { interpolate } from '@pinboard/shared/text/interpolate';
import { Button as AriaButton } from 'react-aria-components';
import { Avatar } from '../../../components/Avatar/Avatar';
import { TEXTS } from '../../../lib/allTexts';
import type { Board } from '../boards.api';
import styles from './CollaboratorFacePile.module.css';

/**
 * "Olive, Gus, Ann and 2 more": three names, then 'and {n} more'
 * (docs/product/profiles-and-boards.md §9); fewer people are simply listed.
 */
function facePileText(names: readonly string[], total: number): string {
  const shown = names.slice(0, COLLABORATOR_FACE_PILE_NAMES);
  const more = total - shown.length;
  if (more > 0) return `${shown.join(', ')} ${interpolate(MESSAGES.board.collaboratorsMore, { n: more })}`;
  if (shown.length <= 1) return shown.join('');
  return `${shown.slice(0, -1).join(', ')} and ${shown[shown.length - 1]}`;
}

/**
 * The people of a collaborative board in its header: the owner, then the
 * collaborators. Members open the collaborators screen from it.
 */
export function CollaboratorFacePile({ board, onPress }: { board: Board; onPress?: () => void }) {
  const people = [board.owner, ...(board.collaborating_users ?? [])];
  const total = 1 + (board.collaborator_count ?? 0);
  const text = facePileText(
    people.map((p) => p.full_name || p.username),
    total,
  );
  const content = (
    <>
      <span className={styles.avatars} aria-hidden="true">
        {people.slice(0, COLLABORATOR_FACE_PILE_NAMES).map((person) => (
          <Avatar key={person.id} name={person.full_name || person.username} imageUrl={person.image_medium_url} size={32} />
        ))}
      </span>
      <span className={styles.names}>{text}</span>
    </>
  );
  return onPress ? (
    <AriaButton
      className={`${styles.pile} ${styles.button}`}
      onPress={onPress}
      aria-label={`${TEXTS.collaborators.facePile({ names: text })}. ${TEXTS.collaborators.manage}`}
    >
      {content}
    </AriaButton>
  ) : (
    <p className={styles.pile}>{content}</p>
  );
}
