import { useState } from 'react';
import { useNavigate } from 'react-router';
import { MESSAGES } from '../../../lib/messages';
import { Button, ButtonLink, IconButton } from '../../../components/Button/Button';
import { Icon } from '../../../components/Icon/Icon';
import { useSessionActing } from '../../../lib/actingProfile';
import { TEXTS } from '../../../lib/texts';
import { MessageFlyout } from '../../messages/components/MessageFlyout';
import { ContactMenu } from '../../partner/components/ContactMenu';
import { FollowButton } from '../../social/components/FollowButton';
import { ProfileOptionsMenu } from '../../social/components/ProfileOptionsMenu';
import { BlockDialog, LegalReportModal, LoginPrompt, ShareProfileModal, UnblockDialog } from '../../../overlays';
import type { ProfileDetails } from '../profile.api';
import { canMessage, legalFormFor, profileOptions, showsShareIcon, type ProfileOption, type Relationship } from '../profileRules';
import { profileName } from './ProfileHeader';
import styles from './ProfileActionBar.module.css';

export interface ProfileActionBarProps {
  profile: ProfileDetails;
  signedIn: boolean;
  isOwner: boolean;
  country: string | null;
}

function relationshipOf(
  profile: ProfileDetails,
  { signedIn, isOwner, country }: { signedIn: boolean; isOwner: boolean; country: string | null },
): Relationship {
  return {
    signedIn,
    isOwner,
    isPrivate: profile.is_private_profile,
    blockedByMe: profile.blocked_by_me,
    shouldShowMessaging: profile.should_show_messaging,
    country,
    isPartner: profile.is_partner,
    profileMessagingEnabled: profile.partner?.enable_profile_message ?? true,
    hasPartnerContact: !!(profile.partner?.contact_email || profile.partner?.contact_phone),
    creatorProfile: profile.show_creator_profile,
  };
}

/**
 * Owner: Share and Edit Profile. Others: share icon (not on private
 * profiles), Message, Follow or Unblock, and the 'Profile options' menu.
 */
export function ProfileActionBar({ profile, signedIn, isOwner, country }: ProfileActionBarProps) {
  const navigate = useNavigate();
  const [share, setShare] = useState(false);
  const [blockOpen, setBlockOpen] = useState(false);
  const [unblockOpen, setUnblockOpen] = useState(false);
  const [legalOpen, setLegalOpen] = useState(false);
  const [messageOpen, setMessageOpen] = useState(false);
  const [loginTitle, setLoginTitle] = useState<string | null>(null);
  const name = profileName(profile);
  const target = { id: profile.id, username: profile.username, name };
  const relationship = relationshipOf(profile, { signedIn, isOwner, country });
  const legalForm = legalFormFor(country);
  // Acting as this very business (decision 059): it does not follow or message itself.
  const actingAsThis = useSessionActing()?.id === profile.id;

  if (isOwner) {
    return (
      <div className={styles.bar}>
        <Button variant="secondary" size="large" onPress={() => setShare(true)}>
          {MESSAGES.profile.share}
        </Button>
        <ButtonLink to="/settings/edit-profile/" variant="secondary" size="large">
          {MESSAGES.profile.editProfile}
        </ButtonLink>
        <ShareProfileModal isOpen={share} onOpenChange={setShare} profile={{ username: profile.username, name }} invite={profile.is_private_profile} />
      </div>
    );
  }

  const onOption = (option: ProfileOption) => {
    if (!signedIn && (option === 'block' || option === 'report' || option === 'unblock' || option === 'message')) {
      setLoginTitle(MESSAGES.loginPrompt.continue);
      return;
    }
    switch (option) {
      case 'message':
        setMessageOpen(true);
        break;
      case 'block':
        setBlockOpen(true);
        break;
      case 'unblock':
        setUnblockOpen(true);
        break;
      case 'report':
        void navigate(`/${profile.username}/report/`);
        break;
      case 'reportEu':
      case 'reportIndia':
        setLegalOpen(true);
        break;
    }
  };

  // A private profile's follow needs its invite link; the private notice offers it then.
  const followHidden = profile.is_private_profile && !profile.explicitly_followed_by_me;

  return (
    <div className={styles.bar}>
      {showsShareIcon(relationship) && (
        <IconButton
          label={TEXTS.profilePage.shareProfile}
          className={styles.round}
          onPress={() => (signedIn ? setShare(true) : setLoginTitle(MESSAGES.loginPrompt.shareProfile))}
        >
          <Icon name="share" size={20} />
        </IconButton>
      )}
      {canMessage(relationship) && !actingAsThis && <MessageFlyout recipient={{ id: profile.id, name }} isOpen={messageOpen} onOpenChange={setMessageOpen} />}
      {profile.is_partner && <ContactMenu partner={profile.partner} />}
      {profile.blocked_by_me ? (
        <Button variant="dark" size="large" onPress={() => setUnblockOpen(true)}>
          {MESSAGES.block.unblock}
        </Button>
      ) : (
        !followHidden && !actingAsThis && <FollowButton target={target} followed={profile.explicitly_followed_by_me} />
      )}
      {!actingAsThis && <ProfileOptionsMenu options={profileOptions(relationship)} onAction={onOption} />}

      {signedIn && <ShareProfileModal isOpen={share} onOpenChange={setShare} profile={{ username: profile.username, name }} />}
      <BlockDialog isOpen={blockOpen} onOpenChange={setBlockOpen} target={target} />
      <UnblockDialog isOpen={unblockOpen} onOpenChange={setUnblockOpen} target={target} />
      {legalForm && <LegalReportModal isOpen={legalOpen} onOpenChange={setLegalOpen} form={legalForm} target={target} country={country} />}
      <LoginPrompt isOpen={loginTitle !== null} onOpenChange={(open) => !open && setLoginTitle(null)} title={loginTitle ?? MESSAGES.loginPrompt.continue} />
    </div>
  );
}
