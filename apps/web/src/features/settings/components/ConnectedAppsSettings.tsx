import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../components/Button/Button';
import { ConfirmDialog } from '../../../components/ConfirmDialog/ConfirmDialog';
import { FormError } from '../../../components/Field/Field';
import { showToast } from '../../../components/Toast/toasts';
import { isApiError } from '../../../lib/api';
import { TEXTS } from '../../../lib/allTexts';
import { formatDate } from '../../../lib/i18n';
import { fetchConnectedApps, oauthKeys, revokeApp, type ConnectedApp } from '../../oauth/oauth.api';
import { scopeText } from '../../oauth/scopeText';
import { SettingsSection } from './SettingsSection';
import styles from './Settings.module.css';

const messageOf = (error: unknown) => (isApiError(error) && error.message ? error.fullMessage : TEXTS.genericError);

/**
 * Settings → Security: the apps a person let use their account (decision 099), each with what it may do, and
 * Revoke, which stops its tokens at once. Below, the way to one's own apps for developers.
 */
export function ConnectedAppsSettings() {
  const queryClient = useQueryClient();
  const apps = useQuery({ queryKey: oauthKeys.connected, queryFn: ({ signal }) => fetchConnectedApps(signal) });
  const [revoking, setRevoking] = useState<ConnectedApp | null>(null);
  const revoke = useMutation({
    mutationFn: (app: ConnectedApp) => revokeApp(app.client_id),
    onSuccess: async (_answer, app) => {
      setRevoking(null);
      showToast(TEXTS.oauth.revoked({ name: app.name }));
      await queryClient.invalidateQueries({ queryKey: oauthKeys.connected });
    },
  });

  return (
    <SettingsSection id="connected-apps-heading" heading={TEXTS.oauth.connectedHeading} intro={TEXTS.oauth.connectedIntro}>
      {apps.isError && <FormError>{messageOf(apps.error)}</FormError>}
      {apps.data?.length === 0 && <p className={styles.help}>{TEXTS.oauth.noConnected}</p>}
      {apps.data && apps.data.length > 0 && (
        <ul className={styles.connectedApps}>
          {apps.data.map((app) => (
            <li key={app.client_id} className={styles.connectedApp}>
              <div className={styles.connectedText}>
                <strong>{app.name}</strong>
                <span className={styles.help}>{app.scopes.map(scopeText).join(' · ')}</span>
                <span className={styles.help}>{TEXTS.oauth.connectedSince({ date: formatDate(app.connected_at, { dateStyle: 'long' }) })}</span>
              </div>
              <Button onPress={() => setRevoking(app)} aria-label={TEXTS.oauth.revokeLabel({ name: app.name })}>
                {TEXTS.oauth.revoke}
              </Button>
            </li>
          ))}
        </ul>
      )}
      <p className={styles.help}>
        <Link to="/developers/apps/" className={styles.textLink}>
          {TEXTS.oauth.developersLink}
        </Link>
      </p>
      <ConfirmDialog
        isOpen={revoking !== null}
        onOpenChange={(open) => {
          if (open || revoke.isPending) return;
          setRevoking(null);
          revoke.reset();
        }}
        title={TEXTS.oauth.revokeTitle({ name: revoking?.name ?? '' })}
        confirmLabel={TEXTS.oauth.revokeConfirm}
        busyLabel={TEXTS.oauth.revoking}
        cancelLabel={TEXTS.oauth.cancel}
        busy={revoke.isPending}
        error={revoke.isError ? messageOf(revoke.error) : null}
        onConfirm={() => revoking && revoke.mutate(revoking)}
      >
        {TEXTS.oauth.revokeBody}
      </ConfirmDialog>
    </SettingsSection>
  );
}
