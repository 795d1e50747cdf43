import { DeletedBoards } from '../../boards/components/DeletedBoards';
import { BoardSuggestions } from '../components/BoardSuggestions';
import { UnorganizedPins } from '../components/UnorganizedPins';
import type { ProfileDetails } from '../profile.api';

/*
 * What only the owner sees between their boards and their Pins: a chunk of
 * its own, since most profile visits are someone else's. Each part shows up
 * only once its data is in, as before.
 */

/** Unorganized Pins, board suggestions and recently deleted boards. */
export function OwnerSections({ profile }: { profile: ProfileDetails }) {
  return (
    <>
      <UnorganizedPins profile={profile} />
      <BoardSuggestions />
      <DeletedBoards />
    </>
  );
}

/** Unorganized Pins alone (the saved-ideas hub). */
export { UnorganizedPins };
