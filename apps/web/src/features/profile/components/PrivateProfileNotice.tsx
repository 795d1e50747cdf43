import { MESSAGES } from '../../../lib/messages';
import { Icon } from '../../../components/Icon/Icon';
import { TEXTS } from '../../../lib/texts';
import { FollowButton } from '../../social/components/FollowButton';
import type { ProfileDetails } from '../profile.api';
import { profileName } from './ProfileHeader';
import styles from './ProfileSections.module.css';

export interface PrivateProfileNoticeProps {
  profile: ProfileDetails;
  /** The ?invite_code= of the link that brought the viewer here. */
  inviteCode: string | null;
  onFollowed: (result: { explicitly_following_me?: boolean | undefined }) => void;
  onFailed: (error: unknown) => void;
}

/** A private profile seen by someone who is not an approved follower. */
export function PrivateProfileNotice({ profile, inviteCode, onFollowed, onFailed }: PrivateProfileNoticeProps) {
  return (
    <section className={styles.private} aria-labelledby="private-profile-title">
      <span className={styles.privateIcon}>
        <Icon name="lock" size={28} />
      </span>
      <h2 id="private-profile-title" className={styles.privateTitle}>
        {MESSAGES.profile.privateTitle}
      </h2>
      <p className={styles.quiet}>{MESSAGES.profile.privateBody}</p>
      {inviteCode && !profile.blocked_by_me && (
        <>
          <p className={styles.quiet}>{TEXTS.profilePage.privateInvited}</p>
          <FollowButton
            target={{ id: profile.id, username: profile.username, name: profileName(profile) }}
            followed={profile.explicitly_followed_by_me}
            inviteCode={inviteCode}
            onFollowed={onFollowed}
            onFailed={onFailed}
          />
        </>
      )}
    </section>
  );
}
