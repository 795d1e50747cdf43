import { useRef, useState, type ReactNode } from 'react';
import { EXPERIENCE_IDS, EXPERIENCE_PLACEMENTS } from '@pinboard/shared/constants/experiences';
import { Link, useNavigate } from 'react-router';
import { MESSAGES } from '../../../lib/messages';
import { interpolate } from '@pinboard/shared/text/interpolate';
import { isExternalLinkSafe } from '@pinboard/shared/text/links';
import { formatMonthlyViews } from '@pinboard/shared/text/numbers';
import { formatCount } from '../../../lib/i18n';
import { joinPronouns } from '@pinboard/shared/text/pronouns';
import { Avatar } from '../../../components/Avatar/Avatar';
import { Button, iconButtonClass } from '../../../components/Button/Button';
import { Icon } from '../../../components/Icon/Icon';
import { lazyPopup } from '../../../components/Popup/lazyPopup';
import { usePopupTrigger } from '../../../components/Popup/usePopupTrigger';
import { linkDomain } from '../../../lib/pinText';
import { TEXTS } from '../../../lib/texts';
import { ExperienceTooltip } from '../../experiences/components/ExperienceTooltip';
import { EditMerchantDetailsModal, PincodeModal } from '../../../overlays';
import { useSignedInViewer } from '../../session/session.queries';
import { InspirationalBadges, VerifiedMerchantLink } from '../../partner/components/MerchantBadges';
import { ProfileCover } from '../../partner/components/ProfileCover';
import type { ProfileDetails } from '../profile.api';
import { displayedFollowing, headerAbout } from '../profileRules';
import styles from './ProfileHeader.module.css';
import { isBotClient } from '../../../lib/upsell';

export function profileName(profile: Pick<ProfileDetails, 'full_name' | 'username'>): string {
  return profile.full_name.trim() || profile.username;
}

export function followersText(count: number): string {
  return interpolate(count === 1 ? MESSAGES.profile.followersOne : MESSAGES.profile.followersOther, { n: formatCount(count) });
}

export function followingText(count: number): string {
  return interpolate(MESSAGES.profile.following, { n: formatCount(count) });
}

export interface ProfileHeaderProps {
  profile: ProfileDetails;
  signedIn: boolean;
  /** Owners get the profile picture prompt; partner owners a help flyout beside their monthly views. */
  isOwner?: boolean;
  locale: string;
  /** The action bar under the counts. */
  actions?: ReactNode;
}

/**
 * Partner profiles: the cover with the avatar overlapping it, a wider header
 * (656 against 488), the 'Verified Merchant' link and inspirational badges.
 * Avatar, name (lock for private profiles, verified badge), website and
 * about (cut to the header budget, 'more' to the about page), @username,
 * Instagram, location, follower and following counts, monthly views.
 */
export function ProfileHeader({ profile, signedIn, isOwner = false, locale, actions }: ProfileHeaderProps) {
  const name = profileName(profile);
  const website = profile.website_url && isExternalLinkSafe(profile.website_url) ? profile.website_url : null;
  const about = headerAbout(profile.about ?? '', profile.website_url);
  const verified = !!profile.verified_identity?.verified || profile.is_verified_merchant;
  const monthlyViews = formatMonthlyViews(profile.profile_views, locale, MESSAGES.profile);
  const pronouns = joinPronouns(profile.pronouns ?? [], locale);
  const [editingBadges, setEditingBadges] = useState(false);
  const avatarRef = useRef<HTMLSpanElement>(null);
  const employee = !!useSignedInViewer()?.isEmployee;
  const [pincode, setPincode] = useState(false);
  const partner = !!profile.is_partner;
  const cover = partner && profile.profile_cover ? <ProfileCover cover={profile.profile_cover} name={name} isOwner={isOwner} isBot={isBotClient()} /> : null;

  const avatar = (
    <Avatar
      ref={avatarRef}
      name={name}
      imageUrl={profile.image_medium_url}
      colorIndex={profile.avatar_color_index}
      size={120}
      alt={TEXTS.profile.avatarAlt({ name })}
    />
  );

  return (
    <header className={`${styles.header} ${partner ? styles.partner : ''}`}>
      {cover}
      <div className={cover ? styles.avatarOverCover : undefined}>
        {employee ? (
          // Employees open the profile's Pincode from its avatar (docs/product/profiles-and-boards.md §2; decision 061).
          <button
            type="button"
            className={styles.avatarButton}
            aria-label={TEXTS.profilePage.pincode}
            onPointerEnter={PincodeModal.prefetch}
            onClick={() => setPincode(true)}
          >
            {avatar}
          </button>
        ) : (
          avatar
        )}
      </div>
      {employee && <PincodeModal isOpen={pincode} onOpenChange={setPincode} subject={{ kind: 'profile', username: profile.username, name }} />}
      {isOwner && <ExperienceTooltip placementId={EXPERIENCE_PLACEMENTS.profileHeader} experienceId={EXPERIENCE_IDS.addProfilePicture} anchorRef={avatarRef} />}
      <h1 className={styles.name}>
        <span className={styles.nameText}>{name}</span>
        {profile.is_private_profile && <Icon name="lock" size={24} className={styles.nameIcon} label={TEXTS.profilePage.privateProfile} />}
        {verified && <Icon name="verified" size={26} className={styles.verified} label={TEXTS.profilePage.verified} />}
      </h1>
      {profile.is_verified_merchant && (
        <div className={styles.merchant}>
          <VerifiedMerchantLink name={name} signal={profile.inspirational_signal ?? null} website={profile.is_primary_website_verified ? website : null} />
          <InspirationalBadges signal={profile.inspirational_signal ?? null} />
          {isOwner && (
            <>
              <Button variant="ghost" size="small" onPointerEnter={EditMerchantDetailsModal.prefetch} onPress={() => setEditingBadges(true)}>
                {MESSAGES.profile.editMerchantDetails}
              </Button>
              <EditMerchantDetailsModal isOpen={editingBadges} onOpenChange={setEditingBadges} userId={profile.id} username={profile.username} />
            </>
          )}
        </div>
      )}
      <p className={styles.handle}>
        <span>@{profile.username}</span>
        {pronouns && (
          <>
            <span aria-hidden="true">·</span>
            <span>
              <span className="visually-hidden">{TEXTS.profilePage.pronounsLabel}: </span>
              {pronouns}
            </span>
          </>
        )}
        {profile.instagram_data && (
          <>
            <span aria-hidden="true">·</span>
            <a href={profile.instagram_data.url} target="_blank" rel="nofollow noopener noreferrer" className={styles.instagram}>
              {TEXTS.profilePage.instagram({ username: profile.instagram_data.username })}
            </a>
          </>
        )}
      </p>
      {(website || about.text || about.truncated) && (
        <p className={styles.about}>
          {website && (
            <>
              <a href={website} target="_blank" rel="nofollow noopener noreferrer" className={styles.website}>
                {linkDomain(website) ?? website}
              </a>
              {about.text && <span aria-hidden="true"> · </span>}
            </>
          )}
          {about.text}
          {about.truncated && (
            <>
              {' '}
              <Link to={`/${profile.username}/profile-about/`} className={styles.more}>
                {MESSAGES.profile.aboutMore}
              </Link>
            </>
          )}
        </p>
      )}
      {profile.location && (
        <p className={styles.location}>
          <span className="visually-hidden">{TEXTS.profile.location}: </span>
          {profile.location}
        </p>
      )}
      <ProfileCounts profile={profile} signedIn={signedIn} />
      {monthlyViews && (
        <p className={styles.views}>
          {monthlyViews}
          {isOwner && profile.is_partner && <MonthlyViewsHelp />}
        </p>
      )}
      {actions}
    </header>
  );
}

/**
 * Follower and following counts: buttons for signed-in viewers (disabled at
 * 0), plain text for visitors.
 */
export function ProfileCounts({ profile, signedIn }: { profile: ProfileDetails; signedIn: boolean }) {
  const navigate = useNavigate();
  const following = displayedFollowing(profile);
  const items = [
    { key: '_followers', count: profile.follower_count, text: followersText(profile.follower_count) },
    { key: '_following', count: following, text: followingText(following) },
  ] as const;

  return (
    <p className={styles.counts}>
      {items.map((item, index) => (
        <span key={item.key} className={styles.countItem}>
          {index > 0 && <span aria-hidden="true">·</span>}
          {signedIn ? (
            <button type="button" className={styles.countButton} disabled={item.count <= 0} onClick={() => void navigate(`/${profile.username}/${item.key}/`)}>
              {item.text}
            </button>
          ) : (
            <span>{item.text}</span>
          )}
        </span>
      ))}
    </p>
  );
}

const MonthlyViewsHelpPopup = lazyPopup(() => import('./MonthlyViewsHelpPopup'), 'MonthlyViewsHelpPopup');

function MonthlyViewsHelp() {
  const { triggerProps, popup } = usePopupTrigger('dialog', MonthlyViewsHelpPopup.prefetch);
  return (
    <>
      <button {...triggerProps} aria-label={TEXTS.profilePage.monthlyViewsHelpLabel} className={`${iconButtonClass} ${styles.help}`}>
        <Icon name="alert" size={16} />
      </button>
      <MonthlyViewsHelpPopup popup={popup} />
    </>
  );
}
