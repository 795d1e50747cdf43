/**
 * The comments module's public face: the SQL that counts the comments a
 * viewer does not see, for the Pin read (pins), so that a Pin's closeup
 * count agrees with its list (decision 045).
 */
export { unseenCommentCountSql } from './comments.policy';
