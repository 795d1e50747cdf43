import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Button } from '../../components/Button/Button';
import { ConfirmDialog } from '../../components/ConfirmDialog/ConfirmDialog';
import { FormError } from '../../components/Field/Field';
import { Spinner } from '../../components/Spinner/Spinner';
import { isApiError } from '../../lib/api';
import { TEXTS } from '../../lib/allTexts';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { RequireSignedIn } from '../session/components/RequireSignedIn';
import { AppFormDialog, SecretDialog, type AppFields } from './AppDialogs';
import { deleteApp, fetchMyApps, oauthKeys, registerApp, rotateSecret, updateApp, type OAuthApp, type OAuthAppWithSecret } from './oauth.api';
import styles from './Oauth.module.css';

const messageOf = (error: unknown) => (isApiError(error) && error.message ? error.fullMessage : TEXTS.genericError);

/** /developers/apps/ (decision 099): one's OAuth apps for the API v5: register, edit, a new secret, delete. */
export function DeveloperAppsPage() {
  useDocumentTitle(TEXTS.oauth.appsTitle);
  return (
    <RequireSignedIn heading={TEXTS.oauth.appsTitle} body={TEXTS.oauth.login} next="/developers/apps/">
      <DeveloperApps />
    </RequireSignedIn>
  );
}

type Editing = { kind: 'new' } | { kind: 'edit'; app: OAuthApp } | null;
type Confirming = { kind: 'delete' | 'rotate'; app: OAuthApp } | null;

function DeveloperApps() {
  const queryClient = useQueryClient();
  const apps = useQuery({ queryKey: oauthKeys.apps, queryFn: ({ signal }) => fetchMyApps(signal) });
  const [editing, setEditing] = useState<Editing>(null);
  const [confirming, setConfirming] = useState<Confirming>(null);
  const [secret, setSecret] = useState<OAuthAppWithSecret | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: oauthKeys.apps });

  const save = useMutation({
    /** Answers the new app with its secret, or null after an edit. */
    mutationFn: async (fields: AppFields): Promise<OAuthAppWithSecret | null> => {
      if (editing?.kind !== 'edit') return registerApp(fields);
      await updateApp({ client_id: editing.app.client_id, ...fields });
      return null;
    },
    onSuccess: async (answer) => {
      setEditing(null);
      if (answer) setSecret(answer);
      await refresh();
    },
  });
  const confirm = useMutation({
    /** Answers the app with its new secret, or null after a delete. */
    mutationFn: async (c: NonNullable<Confirming>): Promise<OAuthAppWithSecret | null> => {
      if (c.kind === 'rotate') return rotateSecret(c.app.client_id);
      await deleteApp(c.app.client_id);
      return null;
    },
    onSuccess: async (answer) => {
      setConfirming(null);
      if (answer) setSecret(answer);
      await refresh();
    },
  });

  const openEditor = (next: Editing) => {
    save.reset();
    setEditing(next);
  };

  return (
    <div className={styles.page}>
      <div className={styles.header}>
        <h1 className={styles.title}>{TEXTS.oauth.appsTitle}</h1>
        <Button variant="primary" size="large" onPress={() => openEditor({ kind: 'new' })}>
          {TEXTS.oauth.register}
        </Button>
      </div>
      <p className={styles.intro}>{TEXTS.oauth.appsIntro}</p>
      {apps.isPending && <Spinner />}
      {apps.isError && <FormError>{messageOf(apps.error)}</FormError>}
      {apps.data?.length === 0 && <p>{TEXTS.oauth.noApps}</p>}
      {apps.data && apps.data.length > 0 && (
        <ul className={styles.apps}>
          {apps.data.map((app) => (
            <li key={app.client_id} className={styles.app} aria-labelledby={`app-${app.client_id}`}>
              <h2 id={`app-${app.client_id}`} className={styles.appName}>
                {app.name}
              </h2>
              <dl className={styles.facts}>
                <dt>{TEXTS.oauth.clientId}</dt>
                <dd>
                  <code>{app.client_id}</code>
                </dd>
                <dt>{TEXTS.oauth.redirectUris}</dt>
                <dd>
                  <ul className={styles.uris}>
                    {app.redirect_uris.map((uri) => (
                      <li key={uri}>
                        <code>{uri}</code>
                      </li>
                    ))}
                  </ul>
                </dd>
              </dl>
              <div className={styles.actions}>
                <Button onPress={() => openEditor({ kind: 'edit', app })} aria-describedby={`app-${app.client_id}`}>
                  {TEXTS.oauth.edit}
                </Button>
                <Button onPress={() => setConfirming({ kind: 'rotate', app })} aria-describedby={`app-${app.client_id}`}>
                  {TEXTS.oauth.rotate}
                </Button>
                <Button onPress={() => setConfirming({ kind: 'delete', app })} aria-describedby={`app-${app.client_id}`}>
                  {TEXTS.oauth.delete}
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}
      {editing && (
        <AppFormDialog
          key={editing.kind === 'edit' ? editing.app.client_id : 'new'}
          app={editing.kind === 'edit' ? editing.app : null}
          isOpen
          pending={save.isPending}
          error={save.isError ? save.error : null}
          onClose={() => !save.isPending && setEditing(null)}
          onSubmit={(fields) => save.mutate(fields)}
        />
      )}
      <ConfirmDialog
        isOpen={confirming !== null}
        onOpenChange={(open) => {
          if (open || confirm.isPending) return;
          setConfirming(null);
          confirm.reset();
        }}
        title={
          confirming?.kind === 'delete' ? TEXTS.oauth.deleteTitle({ name: confirming.app.name }) : TEXTS.oauth.rotateTitle({ name: confirming?.app.name ?? '' })
        }
        confirmLabel={confirming?.kind === 'delete' ? TEXTS.oauth.deleteConfirm : TEXTS.oauth.rotateConfirm}
        busyLabel={confirming?.kind === 'delete' ? TEXTS.oauth.deleting : TEXTS.oauth.rotating}
        cancelLabel={TEXTS.oauth.cancel}
        busy={confirm.isPending}
        error={confirm.isError ? messageOf(confirm.error) : null}
        onConfirm={() => confirming && confirm.mutate(confirming)}
      >
        {confirming?.kind === 'delete' ? TEXTS.oauth.deleteBody : TEXTS.oauth.rotateBody}
      </ConfirmDialog>
      <SecretDialog shown={secret} onClose={() => setSecret(null)} />
    </div>
  );
}
