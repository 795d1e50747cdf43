import { Suspense, useRef } from 'react';
import { NavLink } from 'react-router';
import { EXPERIENCE_IDS, EXPERIENCE_PLACEMENTS } from '@pinboard/shared/constants/experiences';
import { ExperienceTooltip, useCompleteExperienceOnUse } from '../features/experiences/components/ExperienceTooltip';
import { InboxLink } from '../features/messages/components/InboxLink';
import { HeaderSearch } from '../features/search/components/HeaderSearch';
import type { SignedInViewer } from '../features/session/session.api';
import { useViewer } from '../features/session/session.queries';
import { TEXTS } from '../lib/texts';
import { CreateMenuModal } from '../overlays';
import { Avatar } from '../components/Avatar/Avatar';
import { ButtonLink, PlainButton } from '../components/Button/Button';
import { Icon, LogoMark } from '../components/Icon/Icon';
import { lazyPopup } from '../components/Popup/lazyPopup';
import { lazyNamed } from '../lib/lazyNamed';
import { usePopupTrigger } from '../components/Popup/usePopupTrigger';
import { useCreateMenu } from '../features/boards/CreateMenuContext';
import styles from './Header.module.css';

export function Header() {
  const { data: viewer } = useViewer();
  const signedIn = viewer?.isAuth ? viewer : null;

  return (
    <header className={styles.header}>
      <a className={styles.skip} href="#main">
        {TEXTS.nav.skipToContent}
      </a>
      <NavLink to="/" className={styles.logo} aria-label={TEXTS.nav.homeLink} end>
        <LogoMark size={28} />
        {!signedIn && (
          <span className={styles.wordmark} aria-hidden="true">
            {TEXTS.appName}
          </span>
        )}
      </NavLink>
      {signedIn && (
        <NavLink to="/" end className={styles.navLink}>
          {TEXTS.nav.home}
        </NavLink>
      )}
      {signedIn && <CreateMenu />}
      <HeaderSearch />
      {/* The bell stays in the header on phones too (the tab bar keeps its five tabs): decision 087. */}
      {signedIn && (
        <Suspense fallback={<span className={styles.bellSpace} aria-hidden="true" />}>
          <NotificationBell />
        </Suspense>
      )}
      {signedIn && (
        <span className={styles.wideOnly}>
          <InboxLink />
        </span>
      )}
      {signedIn?.isPartner && (
        <Suspense fallback={null}>
          <BusinessSwitcher viewerId={signedIn.id} />
        </Suspense>
      )}
      {signedIn ? (
        <AccountMenu viewer={signedIn} />
      ) : viewer ? (
        <div className={styles.authButtons}>
          <ButtonLink to="/login/" variant="primary">
            {TEXTS.nav.logIn}
          </ButtonLink>
          <ButtonLink to="/signup/" variant="secondary" className={styles.signupButton}>
            {TEXTS.nav.signUp}
          </ButtonLink>
        </div>
      ) : null}
    </header>
  );
}

/**
 * Opens the create menu modal for the page being shown (its heading follows
 * the page). Someone with no Pins and no boards sees the create pulsar on it;
 * using the button completes that.
 */
function CreateMenu() {
  const { openCreateMenu } = useCreateMenu();
  const ref = useRef<HTMLButtonElement>(null);
  const { education } = EXPERIENCE_PLACEMENTS;
  const completeTip = useCompleteExperienceOnUse(education, EXPERIENCE_IDS.createFirst);
  return (
    <>
      <PlainButton
        ref={ref}
        className={styles.create}
        aria-label={TEXTS.nav.create}
        aria-haspopup="dialog"
        onPointerEnter={CreateMenuModal.prefetch}
        onFocus={CreateMenuModal.prefetch}
        onPress={() => {
          completeTip();
          openCreateMenu();
        }}
      >
        <span className={styles.createLabel}>{TEXTS.nav.create}</span>
        <span className={styles.createIcon}>
          <Icon name="plus" size={22} />
        </span>
        <Icon name="chevronDown" size={18} className={styles.chevron} />
      </PlainButton>
      <ExperienceTooltip placementId={education} experienceId={EXPERIENCE_IDS.createFirst} anchorRef={ref} />
    </>
  );
}

/** The business profile switcher: downloaded, and its profiles fetched, only for partners (docs/product/logged-out-and-business.md §4). */
const BusinessSwitcher = lazyNamed(() => import('../features/business/components/BusinessSwitcher'), 'BusinessSwitcher');

/** The notifications bell: its own chunk, kept out of the first download (decision 017, decision 087); its box is held while it loads. */
const NotificationBell = lazyNamed(() => import('../features/notifications/components/NotificationBell'), 'NotificationBell');

const AccountMenuPopup = lazyPopup(() => import('./AccountMenuPopup'), 'AccountMenuPopup');

function AccountMenu({ viewer }: { viewer: SignedInViewer }) {
  const { triggerProps, popup } = usePopupTrigger('menu', AccountMenuPopup.prefetch);
  const name = viewer.full_name || viewer.username;
  return (
    <>
      <button {...triggerProps} className={styles.account} aria-label={TEXTS.nav.accountMenu}>
        <Avatar name={name} imageUrl={viewer.image_medium_url} size={32} />
        <Icon name="chevronDown" size={18} className={styles.chevron} />
      </button>
      <AccountMenuPopup popup={popup} viewer={viewer} />
    </>
  );
}
