import { MenuItem, Separator } from 'react-aria-components';
import { useNavigate } from 'react-router';
import type { SignedInViewer } from '../features/session/session.api';
import { useLogOut } from '../features/session/session.queries';
import { TEXTS } from '../lib/allTexts';
import { Avatar } from '../components/Avatar/Avatar';
import type { PopupProps } from '../components/Popup/AriaPopover';
import { MenuPopover } from '../components/Popup/MenuPopover';
import { showToast } from '../components/Toast/toasts';
import menuStyles from '../components/Menu/Menu.module.css';

/** The header's account menu: the viewer's profile, Settings, their reports and decisions (and staff's moderation queue), and Log out (loaded when first opened). */
export function AccountMenuPopup({ popup, viewer }: PopupProps & { viewer: SignedInViewer }) {
  const logOut = useLogOut();
  const navigate = useNavigate();
  const name = viewer.full_name || viewer.username;
  return (
    <MenuPopover
      popup={popup}
      placement="bottom end"
      offset={4}
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
      <MenuItem id="settings" href="/settings/" textValue={TEXTS.nav.settings} className={menuStyles.item}>
        {TEXTS.nav.settings}
      </MenuItem>
      <MenuItem id="notices" href="/reports-and-violations/" textValue={TEXTS.moderation.noticesTitle} className={menuStyles.item}>
        {TEXTS.moderation.noticesTitle}
      </MenuItem>
      {viewer.isEmployee && (
        <MenuItem id="moderation" href="/reports-and-violations/queue/" textValue={TEXTS.moderation.queueTitle} className={menuStyles.item}>
          {TEXTS.moderation.queueTitle}
        </MenuItem>
      )}
      <Separator className={menuStyles.separator} />
      <MenuItem id="logout" textValue={TEXTS.nav.logOut} className={menuStyles.item}>
        {TEXTS.nav.logOut}
      </MenuItem>
    </MenuPopover>
  );
}
