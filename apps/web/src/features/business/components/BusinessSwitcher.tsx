import { Button, Menu, MenuItem, MenuTrigger, Popover, Separator } from 'react-aria-components';
import { Avatar } from '../../../components/Avatar/Avatar';
import { Icon } from '../../../components/Icon/Icon';
import menuStyles from '../../../components/Menu/Menu.module.css';
import { showToast } from '../../../components/Toast/toasts';
import { switchActingProfile, useActingProfile } from '../../../lib/actingProfile';
import { isApiError } from '../../../lib/api';
import { TEXTS } from '../../../lib/allTexts';
import { canActAs, type BusinessAccessProfile } from '../business.api';
import { useBusinessProfiles } from '../business.queries';
import styles from './BusinessSwitcher.module.css';

const permissionText = (profile: BusinessAccessProfile) => profile.permissions.map((p) => TEXTS.business.permission[p]).join(', ');

/**
 * The header's business profile switcher (docs/product/logged-out-and-business.md §4), loaded
 * only for partners and shown when they may act for a business: the profile
 * acted as (own by default) with its name and image, and a menu of the others.
 * The choice is kept with the session on the server, so every tab shows and
 * acts as it (decision 059); a profile whose MFA rule is unmet cannot be
 * chosen, and the server drops a kept choice that no longer holds.
 */
export function BusinessSwitcher({ viewerId }: { viewerId: string }) {
  const profiles = useBusinessProfiles();
  const acting = useActingProfile(viewerId);
  const list = profiles.data ?? [];
  const chosen = acting ? list.find((p) => p.id === acting.id) : undefined;

  if (list.length < 2) return null;
  const current = chosen && canActAs(chosen) ? chosen : list[0]!;
  const isActing = current.id !== viewerId;
  const manages = current.permissions.includes('OWNER') || current.permissions.includes('ADMIN');

  const choose = (id: string) => {
    const profile = list.find((p) => p.id === id);
    if (!profile || profile.id === current.id) return;
    const self = profile.id === viewerId;
    switchActingProfile(viewerId, self ? null : profile.id).then(
      () => showToast(self ? TEXTS.business.backToSelf : TEXTS.business.actingAs({ name: profile.user.businessName })),
      (error: unknown) => showToast(isApiError(error) && error.message ? error.fullMessage : TEXTS.genericError, { tone: 'error' }),
    );
  };

  return (
    <MenuTrigger>
      <Button className={`${styles.trigger} ${isActing ? styles.acting : ''}`} aria-label={TEXTS.business.switcherLabel({ name: current.user.businessName })}>
        <Avatar name={current.user.businessName} imageUrl={current.user.imgUrl} size={32} />
        <span className={styles.name}>{current.user.businessName}</span>
        <Icon name="chevronDown" size={18} className={styles.chevron} />
      </Button>
      <Popover className={menuStyles.popover} placement="bottom end" offset={4}>
        <Menu
          className={menuStyles.menu}
          aria-label={TEXTS.business.switcherMenu}
          disabledKeys={list.filter((p) => !canActAs(p)).map((p) => p.id)}
          onAction={(key) => choose(String(key))}
        >
          {list.map((profile) => (
            <MenuItem key={profile.id} id={profile.id} textValue={profile.user.businessName} className={`${menuStyles.item} ${styles.item}`}>
              <Avatar name={profile.user.businessName} imageUrl={profile.user.imgUrl} size={40} />
              <span className={menuStyles.itemText}>
                <span>{profile.user.businessName}</span>
                <span className={menuStyles.itemDescription}>
                  {profile.id === viewerId
                    ? TEXTS.business.ownProfile
                    : canActAs(profile)
                      ? `@${profile.user.username} · ${permissionText(profile)}`
                      : TEXTS.business.needsMfa}
                </span>
              </span>
              {profile.id === current.id && <Icon name="check" size={18} className={styles.check} />}
            </MenuItem>
          ))}
          <Separator className={menuStyles.separator} />
          {manages && (
            <MenuItem id="people" href="/settings/business-access/" className={menuStyles.item}>
              {TEXTS.business.managePeople}
            </MenuItem>
          )}
          <MenuItem id="mfa" href="/settings/security/" className={menuStyles.item}>
            {TEXTS.business.mfaSettings}
          </MenuItem>
        </Menu>
      </Popover>
    </MenuTrigger>
  );
}
