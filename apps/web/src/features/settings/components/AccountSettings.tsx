import { useQuery } from '@tanstack/react-query';
import { showToast } from '../../../components/Toast/toasts';
import { isApiError } from '../../../lib/api';
import { TEXTS } from '../../../lib/texts';
import type { SignedInViewer } from '../../session/session.api';
import { settingsKeys, useUpdateProfile } from '../settings.queries';
import { SettingSwitch } from './SettingSwitch';
import styles from './Settings.module.css';

function languageName(locale: string | undefined): string {
  if (!locale) return '—';
  try {
    return new Intl.DisplayNames([locale], { type: 'language' }).of(locale) ?? locale;
  } catch {
    return locale;
  }
}

function countryName(country: string | undefined): string {
  if (!country) return '—';
  try {
    return new Intl.DisplayNames(undefined, { type: 'region' }).of(country) ?? country;
  } catch {
    return country;
  }
}

/** The account's details as the Viewer tells them (read only here). */
export function AccountDetails({ viewer }: { viewer: SignedInViewer }) {
  return (
    <dl className={styles.details}>
      <div>
        <dt>{TEXTS.settings.usernameLine}</dt>
        <dd>@{viewer.username}</dd>
      </div>
      <div>
        <dt>{TEXTS.settings.countryLine}</dt>
        <dd>{countryName(viewer.country)}</dd>
      </div>
      <div>
        <dt>{TEXTS.settings.languageLine}</dt>
        <dd>{languageName(viewer.locale)}</dd>
      </div>
    </dl>
  );
}

/**
 * Whether people may message the viewer (UserResource update allow_messages).
 * The API does not read the setting back yet: the switch starts from the
 * Viewer's allow_messages when it is there, else from the default (on), and
 * then shows what was saved.
 */
export function MessagingSwitch({ viewer }: { viewer: SignedInViewer }) {
  const fromViewer = (viewer as SignedInViewer & { allow_messages?: boolean }).allow_messages;
  const saved = useQuery({ queryKey: settingsKeys.allowMessages, queryFn: () => fromViewer ?? true, staleTime: Infinity, gcTime: Infinity });
  const update = useUpdateProfile();
  const value = update.isPending && update.variables.allow_messages !== undefined ? update.variables.allow_messages : (saved.data ?? true);

  return (
    <SettingSwitch
      label={TEXTS.settings.allowMessages}
      help={TEXTS.settings.allowMessagesHelp}
      isSelected={value}
      isDisabled={update.isPending}
      onChange={(selected) =>
        update.mutate(
          { allow_messages: selected },
          {
            onSuccess: () => showToast(TEXTS.settings.messagingSaved),
            onError: (error) => showToast(isApiError(error) && error.message ? error.fullMessage : TEXTS.genericError, { tone: 'error' }),
          },
        )
      }
    />
  );
}
