import { useRef } from 'react';
import { Button as AriaButton, Menu, MenuItem, MenuTrigger, Popover, Separator } from 'react-aria-components';
import { NavLink, useNavigate } from 'react-router';
import { EXPERIENCE_IDS, EXPERIENCE_PLACEMENTS } from '@pinboard/shared/constants/experiences';
import { ExperienceTooltip, useCompleteExperienceOnUse } from '../../features/experiences/components/ExperienceTooltip';
import { InboxLink } from '../../features/messages/components/InboxLink';
import { HeaderSearch } from '../../features/search/components/HeaderSearch';
import type { SignedInViewer } from '../../features/session/session.api';
import { useLogOut, useViewer } from '../../features/session/session.queries';
import { TEXTS } from '../../lib/texts';
import { Avatar } from '../Avatar/Avatar';
import { ButtonLink } from '../Button/Button';
import { Icon, LogoMark } from '../Icon/Icon';
import { showToast } from '../Toast/toasts';
import { useCreateMenu } from './CreateMenuContext';
import styles from './Header.module.css';
import menuStyles from './Menu.module.css';

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
        {!signedIn && <span className={styles.wordmark} aria-hidden="true">{TEXTS.appName}</span>}
      </NavLink>
      {signedIn && (
        <NavLink to="/" end className={styles.navLink}>
          {TEXTS.nav.home}
        </NavLink>
      )}
      {signedIn && <CreateMenu />}
      <HeaderSearch />
      {signedIn && <InboxLink />}
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
      <AriaButton
        ref={ref}
        className={styles.create}
        aria-label={TEXTS.nav.create}
        aria-haspopup="dialog"
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
      </AriaButton>
      <ExperienceTooltip placementId={education} experienceId={EXPERIENCE_IDS.createFirst} anchorRef={ref} />
    </>
  );
}

function AccountMenu({ viewer }: { viewer: SignedInViewer }) {
  const logOut = useLogOut();
  const navigate = useNavigate();
  const name = viewer.full_name || viewer.username;

  return (
    <MenuTrigger>
      <AriaButton className={styles.account} aria-label={TEXTS.nav.accountMenu}>
        <Avatar name={name} imageUrl={viewer.image_medium_url} size={32} />
        <Icon name="chevronDown" size={18} className={styles.chevron} />
      </AriaButton>
      <Popover className={menuStyles.popover} placement="bottom end" offset={4}>
        <Menu
          className={menuStyles.menu}
          aria-label={TEXTS.nav.accountMenu}
          onAction={(key) => {
            if (key !== 'logout') return;
            logOut.mutate(undefined, {
              onSuccess: () => {
                void navigate('/');
                showToast(TEXTS.auth.loggedOut);
              },
              onError: () => showToast(TEXTS.genericError, { tone: 'error' }),
            });
          }}
        >
          <MenuItem
            id="profile"
            href={`/${viewer.username}/`}
            textValue={TEXTS.nav.yourProfile}
            aria-label={`${TEXTS.nav.yourProfile}: ${name}`}
            className={menuStyles.item}
          >
            <Avatar name={name} imageUrl={viewer.image_medium_url} size={48} />
            <span className={menuStyles.itemText} aria-hidden="true">
              <span>{name}</span>
              <span className={menuStyles.itemDescription}>{TEXTS.nav.yourProfile}</span>
            </span>
          </MenuItem>
          <Separator className={menuStyles.separator} />
          <MenuItem id="logout" textValue={TEXTS.nav.logOut} className={menuStyles.item}>
            {TEXTS.nav.logOut}
          </MenuItem>
        </Menu>
      </Popover>
    </MenuTrigger>
  );
}
