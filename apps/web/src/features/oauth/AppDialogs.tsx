import { useState, type FormEvent } from 'react';
import { zCreateOAuthApp } from '@pinboard/shared/schemas/oauth';
import { Button } from '../../components/Button/Button';
import { FormError, TextArea, TextInput } from '../../components/Field/Field';
import { Modal } from '../../components/Modal/Modal';
import { showToast } from '../../components/Toast/toasts';
import { isApiError } from '../../lib/api';
import { TEXTS } from '../../lib/allTexts';
import { localServerText } from '../../lib/i18n';
import type { OAuthApp, OAuthAppWithSecret } from './oauth.api';
import styles from './Oauth.module.css';

const messageOf = (error: unknown) => (isApiError(error) && error.message ? error.fullMessage : TEXTS.genericError);

export interface AppFields {
  name: string;
  redirect_uris: string[];
}

/**
 * Registering or editing an app: its name and its redirect URIs, one per line (checked by the shared schema
 * before sending, and by the server again).
 */
export function AppFormDialog({
  app,
  isOpen,
  pending,
  error,
  onClose,
  onSubmit,
}: {
  /** The app being edited; none: a new one. */
  app: OAuthApp | null;
  isOpen: boolean;
  pending: boolean;
  error: unknown;
  onClose: () => void;
  onSubmit: (fields: AppFields) => void;
}) {
  const [name, setName] = useState(app?.name ?? '');
  const [uris, setUris] = useState(app?.redirect_uris.join('\n') ?? '');
  const [problem, setProblem] = useState<{ field: 'name' | 'redirect_uris'; message: string } | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (pending) return;
    const parsed = zCreateOAuthApp.safeParse({
      name,
      redirect_uris: uris
        .split('\n')
        .map((line) => line.trim())
        .filter(Boolean),
    });
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      setProblem({ field: issue.path[0] === 'name' ? 'name' : 'redirect_uris', message: localServerText(issue.message) });
      return;
    }
    setProblem(null);
    onSubmit(parsed.data);
  };

  return (
    <Modal
      isOpen={isOpen}
      onOpenChange={(open) => !open && onClose()}
      title={app ? TEXTS.oauth.editTitle({ name: app.name }) : TEXTS.oauth.register}
      closeLabel={TEXTS.oauth.cancel}
      isDismissable={!pending}
    >
      <form className={styles.form} onSubmit={submit} noValidate>
        {error != null && <FormError>{messageOf(error)}</FormError>}
        <TextInput
          label={TEXTS.oauth.name}
          value={name}
          onChange={(e) => setName(e.target.value)}
          maxLength={100}
          autoFocus
          error={problem?.field === 'name' ? problem.message : undefined}
        />
        <TextArea
          label={TEXTS.oauth.redirectUris}
          value={uris}
          onChange={(e) => setUris(e.target.value)}
          rows={3}
          spellCheck={false}
          placeholder="https://example.com/oauth/callback"
          help={TEXTS.oauth.redirectUrisHelp}
          error={problem?.field === 'redirect_uris' ? problem.message : undefined}
        />
        <div className={styles.formActions}>
          <Button size="large" onPress={onClose} isDisabled={pending}>
            {TEXTS.oauth.cancel}
          </Button>
          <Button type="submit" variant="primary" size="large" isDisabled={pending}>
            {app ? (pending ? TEXTS.oauth.saving : TEXTS.oauth.save) : pending ? TEXTS.oauth.registering : TEXTS.oauth.register}
          </Button>
        </div>
      </form>
    </Modal>
  );
}

async function copy(text: string) {
  try {
    await navigator.clipboard.writeText(text);
    showToast(TEXTS.oauth.copied);
  } catch {
    showToast(TEXTS.genericError, { tone: 'error' });
  }
}

/** A read-only value with its copy button. */
function CopyField({ label, value }: { label: string; value: string }) {
  return (
    <div className={styles.secretRow}>
      <TextInput label={label} value={value} readOnly className={styles.secretValue} onFocus={(e) => e.target.select()} />
      <Button onPress={() => void copy(value)}>{TEXTS.oauth.copy({ what: label })}</Button>
    </div>
  );
}

/** A new app's (or a new) client secret, shown this once, with copy buttons and a clear note. */
export function SecretDialog({ shown, onClose }: { shown: OAuthAppWithSecret | null; onClose: () => void }) {
  return (
    <Modal isOpen={shown !== null} onOpenChange={(open) => !open && onClose()} title={TEXTS.oauth.secretTitle}>
      {shown && (
        <div className={styles.form}>
          <p className={styles.note} role="note">
            {TEXTS.oauth.secretNote}
          </p>
          <CopyField label={TEXTS.oauth.clientId} value={shown.client_id} />
          <CopyField label={TEXTS.oauth.clientSecret} value={shown.client_secret} />
          <div className={styles.formActions}>
            <Button variant="primary" size="large" onPress={onClose}>
              {TEXTS.oauth.done}
            </Button>
          </div>
        </div>
      )}
    </Modal>
  );
}
