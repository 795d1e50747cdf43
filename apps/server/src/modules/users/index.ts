/**
 * The users module's public face. Other modules read people through these
 * functions, never through users.repo.
 */
import type { Queryable } from '../../db/client';
import { usersRepo, type NewUser } from './users.repo';

export type { UsersService } from './users.service';
export {
  ACCOUNT_REMOVED,
  accountInViewSql,
  accountRowInViewSql,
  accountListedSql,
  canSeeAccount,
  canSeeProfileContent,
  followsSql,
  isStaff,
  listedAccountSql,
  maySignIn,
  maySignInSql,
  profileContentVisibleSql,
  removedFollowsCountSql,
  shownAsUnavailable,
  staffSql,
  type AccountModeration,
} from '../../kernel/users.policy';
export { presentUnavailableSummary, presentUserSummary } from './users.present';
export type { NewUser, UserRow } from './users.repo';

/** The shared reads of a person live in the content kernel (decision 081); boards and collages still read them here. */
export { userById, userByUsername } from '../../kernel/people.repo';
/**
 * The people these usernames name (without case), as `{id, username}`, to link them (@mentions); unknown names
 * are left out, and so are removed people (decision 045), for everyone: their profile answers as missing.
 */
export const usersByUsernames = (db: Queryable, usernames: string[]) => usersRepo.byUsernames(db, usernames);

/** Accounts, for the auth module: creating one, finding it at log-in, its password, free names. */
export const userAccounts = {
  create: (db: Queryable, u: NewUser) => usersRepo.insert(db, u),
  byUsernameOrEmail: (db: Queryable, identifier: string) => usersRepo.byUsernameOrEmail(db, identifier),
  setPasswordHash: (db: Queryable, id: string, hash: string) => usersRepo.setPasswordHash(db, id, hash),
  usernameTaken: (db: Queryable, username: string) => usersRepo.usernameTaken(db, username),
  emailTaken: (db: Queryable, email: string) => usersRepo.emailTaken(db, email),
  /** Staff (moderators): `npm run make-staff -- <username>` and the demo content. */
  setEmployee: (db: Queryable, username: string, isEmployee: boolean) => usersRepo.setEmployee(db, username, isEmployee),
};

/** Moderation of people (reports module, decision 045): removes or restricts a person, or reinstates them (null). */
export const userModeration = {
  set: (db: Queryable, id: string, state: 'removed' | 'restricted' | null) => usersRepo.setModeration(db, id, state),
};
