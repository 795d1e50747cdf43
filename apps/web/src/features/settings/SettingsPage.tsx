import { useEffect } from 'react';
import { NavLink, useLocation, useNavigate } from 'react-router';
import { NotFoundView } from '../../components/NotFoundView/NotFoundView';
import { Spinner } from '../../components/Spinner/Spinner';
import { useProfileDetails } from '../profile/profile.queries';
import type { SignedInViewer } from '../session/session.api';
import { RequireSignedIn } from '../session/components/RequireSignedIn';
import { ThemeSelect } from './components/ThemeSelect';
import { AboutYouSelects, AccountDetails, CommentsDefaultSwitch, CountrySelect, LanguageSelect, MessagingSwitch } from './components/AccountSettings';
import { EditProfileForm } from './components/EditProfileForm';
import { ChangePasswordForm, LogOutEverywhere } from './components/SecuritySettings';
import { BusinessSettings } from './components/BusinessSettings';
import { TwoFactorSettings } from './components/TwoFactorSettings';
import { ConnectedAppsSettings } from './components/ConnectedAppsSettings';
import { BusinessAccessSettings } from './components/BusinessAccessSettings';
import { NotificationSettings } from './components/NotificationSettings';
import { ImportSettings } from '../imports/ImportSettings';
import { DataExportSettings } from './components/DataExportSettings';
import { SaveAnywhereSettings } from './components/SaveAnywhereSettings';
import styles from './components/Settings.module.css';
import { TEXTS } from '../../lib/allTexts';
import { TEXTS as NOTIFICATION_TEXTS } from '../../lib/notificationTexts';
import { useDocumentTitle } from '../../lib/useDocumentTitle';

const PAGES = [
  { slug: 'edit-profile', label: TEXTS.settings.editProfile },
  { slug: 'account-settings', label: TEXTS.settings.accountSettings },
  { slug: 'personal-information', label: TEXTS.settings.personalInformation },
  { slug: 'permissions', label: TEXTS.settings.permissions },
  { slug: 'notifications', label: NOTIFICATION_TEXTS.notifications.heading },
  { slug: 'security', label: TEXTS.settings.security },
  { slug: 'privacy-and-data', label: TEXTS.settings.privacyAndData },
  { slug: 'business-access', label: TEXTS.settings.businessAccess },
  { slug: 'import', label: TEXTS.imports.title },
  { slug: 'save-from-anywhere', label: TEXTS.saveAnywhere.heading },
] as const;

type PageSlug = (typeof PAGES)[number]['slug'];

/** /settings (and /settings#profile): the profile editor; /settings/{page}/ for the others. */
export function SettingsArea({ page }: { page: string }) {
  const { hash } = useLocation();
  const navigate = useNavigate();
  const current = PAGES.find((entry) => entry.slug === page);
  useDocumentTitle(current ? `${current.label} · ${TEXTS.settings.heading}` : TEXTS.settings.heading);

  // /settings#profile is the profile editor.
  useEffect(() => {
    if (hash === '#profile') void navigate('/settings/edit-profile/', { replace: true });
  }, [hash, navigate]);

  if (!current) return <NotFoundView />;
  return (
    <RequireSignedIn heading={TEXTS.settings.heading} body={TEXTS.settings.login} next={`/settings/${current.slug}/`}>
      {(viewer) => {
        return (
          <div className={styles.layout}>
            <nav className={styles.nav} aria-label={TEXTS.settings.nav}>
              {PAGES.map((entry) => (
                <NavLink
                  key={entry.slug}
                  to={`/settings/${entry.slug}/`}
                  className={styles.navLink}
                  aria-current={entry.slug === current.slug ? 'page' : undefined}
                >
                  {entry.label}
                </NavLink>
              ))}
            </nav>
            <section className={styles.content} aria-labelledby="settings-title">
              <SettingsPage slug={current.slug} label={current.label} viewer={viewer} />
            </section>
          </div>
        );
      }}
    </RequireSignedIn>
  );
}

function SettingsPage({ slug, label, viewer }: { slug: PageSlug; label: string; viewer: SignedInViewer }) {
  const title = (
    <h1 id="settings-title" className={styles.title}>
      {label}
    </h1>
  );
  switch (slug) {
    case 'edit-profile':
      return (
        <>
          {title}
          <p className={styles.intro}>{TEXTS.settings.editProfileHelp}</p>
          <OwnProfileEditor username={viewer.username} />
        </>
      );
    case 'account-settings':
      return (
        <>
          {title}
          <p className={styles.intro}>{TEXTS.settings.accountHelp}</p>
          <AccountDetails viewer={viewer} withCountry={false} withLanguage={false} />
          <CountrySelect viewer={viewer} />
          <LanguageSelect viewer={viewer} />
          <ThemeSelect />
          <AboutYouSelects viewer={viewer} />
          <MessagingSwitch viewer={viewer} />
          <ChangePasswordForm />
          <LogOutEverywhere />
          <BusinessSettings username={viewer.username} />
        </>
      );
    case 'personal-information':
      return (
        <>
          {title}
          <p className={styles.intro}>{TEXTS.settings.personalHelp}</p>
          <AccountDetails viewer={viewer} />
        </>
      );
    case 'permissions':
      return (
        <>
          {title}
          <p className={styles.intro}>{TEXTS.settings.permissionsHelp}</p>
          <MessagingSwitch viewer={viewer} />
          <CommentsDefaultSwitch viewer={viewer} />
        </>
      );
    case 'notifications':
      return (
        <>
          {title}
          <NotificationSettings />
        </>
      );
    case 'security':
      return (
        <>
          {title}
          <p className={styles.intro}>{TEXTS.settings.securityHelp}</p>
          <TwoFactorSettings />
          <ConnectedAppsSettings />
        </>
      );
    case 'privacy-and-data':
      return (
        <>
          {title}
          <p className={styles.intro}>{TEXTS.settings.privacyHelp}</p>
          <DataExportSettings />
        </>
      );
    case 'business-access':
      return (
        <>
          {title}
          <BusinessAccessSettings viewerId={viewer.id} />
        </>
      );
    case 'import':
      return (
        <>
          {title}
          <ImportSettings />
        </>
      );
    case 'save-from-anywhere':
      return (
        <>
          {title}
          <p className={styles.intro}>{TEXTS.saveAnywhere.intro}</p>
          <SaveAnywhereSettings />
        </>
      );
  }
}

function OwnProfileEditor({ username }: { username: string }) {
  const profile = useProfileDetails(username, null);
  if (profile.isError) return <p className={styles.intro}>{TEXTS.genericError}</p>;
  if (!profile.data) return <Spinner />;
  return <EditProfileForm key={profile.data.id} profile={profile.data} />;
}
