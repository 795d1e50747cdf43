import { useState, type FormEvent } from 'react';
import { BUSINESS_PERMISSIONS, type BusinessPermission } from '@pinboard/shared/schemas/business';
import { Avatar } from '../../../components/Avatar/Avatar';
import { Button } from '../../../components/Button/Button';
import { FormError, Select, TextInput } from '../../../components/Field/Field';
import { bindText, SubmitButton } from '../../../components/Field/formParts';
import { Spinner } from '../../../components/Spinner/Spinner';
import { showToast } from '../../../components/Toast/toasts';
import { useActingProfile } from '../../../lib/actingProfile';
import { isApiError } from '../../../lib/api';
import { TEXTS } from '../../../lib/allTexts';
import { SettingsSection } from './SettingsSection';
import { formatDate, hasText, t } from '../../../lib/i18n';
import settings from './Settings.module.css';
import type { BusinessMembers } from '../../business/business.api';
import { useBusinessMembers, useGrantAccess, useRevokeAccess } from '../../business/business.queries';
import styles from '../../business/components/Business.module.css';

/** An audit record's action in words: `access.grant:ADMIN` is "gave access (Admin)". */
function actionText(action: string): string {
  const [kind = '', detail] = action.split(':');
  const words = hasText(`business.actions.${kind}`) ? t(`business.actions.${kind}`) : kind;
  const permissions = detail
    ?.split(',')
    .map((p) => TEXTS.business.permission[p as BusinessPermission] ?? p)
    .join(', ');
  return permissions ? `${words} (${permissions})` : words;
}

const errorText = (error: unknown) => (isApiError(error) && error.message ? error.fullMessage : TEXTS.genericError);

/**
 * A business's people (BusinessAccessResource): the business acted as in the
 * header's switcher, or the viewer's own account. Its owners and admins add
 * people by username with a permission, change it, and remove them; the latest
 * of what was done as the business is listed below.
 */
export function BusinessAccessSettings({ viewerId }: { viewerId: string }) {
  const acting = useActingProfile(viewerId);
  const businessId = acting?.id ?? viewerId;
  const members = useBusinessMembers(businessId);

  if (members.isPending) return <Spinner />;
  if (members.isError) {
    return (
      <p className={settings.intro}>{isApiError(members.error) && members.error.httpStatus === 403 ? TEXTS.business.notManager : errorText(members.error)}</p>
    );
  }
  const data = members.data;
  return (
    <>
      <p className={settings.intro}>{TEXTS.business.peopleIntro({ name: data.business.business_name })}</p>
      <AddPerson businessId={data.business.id} />
      <SettingsSection id="people-heading" heading={TEXTS.business.peopleHeading}>
        <ul className={styles.members}>
          <li className={styles.member}>
            <Avatar name={data.business.business_name} size={40} />
            <span className={styles.memberText}>
              <span>{data.business.business_name}</span>
              <span className={styles.subtle}>
                @{data.business.username} · {TEXTS.business.ownerAccount}
              </span>
            </span>
            <span className={styles.badge}>{TEXTS.business.permission.OWNER}</span>
          </li>
          {data.members.map((m) => (
            <Member key={m.user_id} businessId={data.business.id} member={m} />
          ))}
        </ul>
        {data.members.length === 0 && <p className={settings.help}>{TEXTS.business.noMembers}</p>}
      </SettingsSection>
      <Activity audit={data.audit} />
    </>
  );
}

function PermissionSelect({
  value,
  onChange,
  label,
  name,
}: {
  value: BusinessPermission;
  onChange: (p: BusinessPermission) => void;
  label: string;
  name: string;
}) {
  return (
    <Select label={label} name={name} value={value} onChange={(e) => onChange(e.target.value as BusinessPermission)}>
      {BUSINESS_PERMISSIONS.map((p) => (
        <option key={p} value={p}>
          {TEXTS.business.permission[p]}
        </option>
      ))}
    </Select>
  );
}

function AddPerson({ businessId }: { businessId: string }) {
  const grant = useGrantAccess(businessId);
  const [username, setUsername] = useState('');
  const [permission, setPermission] = useState<BusinessPermission>('PROFILE_PUBLISHER');
  const [error, setError] = useState<{ field: 'username' | 'form'; text: string } | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (grant.isPending) return;
    const name = username.trim().replace(/^@/, '');
    if (!name) return setError({ field: 'username', text: 'username: enter a username.' });
    setError(null);
    grant.mutate(
      { business_id: businessId, username: name, permissions: [permission] },
      {
        onSuccess: () => {
          setUsername('');
          showToast(TEXTS.business.added({ username: name }));
        },
        onError: (e) => setError({ field: isApiError(e) && e.field === 'username' ? 'username' : 'form', text: errorText(e) }),
      },
    );
  };
  return (
    <SettingsSection id="add-heading" heading={TEXTS.business.addHeading}>
      <form className={styles.inline} onSubmit={submit} noValidate>
        <TextInput
          label={TEXTS.business.username}
          name="username"
          {...bindText(username, setUsername)}
          autoCapitalize="none"
          spellCheck={false}
          error={error?.field === 'username' ? error.text : null}
        />
        <PermissionSelect label={TEXTS.business.permissionLabel} name="permission" value={permission} onChange={setPermission} />
        <SubmitButton pending={grant.isPending}>{grant.isPending ? TEXTS.business.adding : TEXTS.business.add}</SubmitButton>
      </form>
      <p className={settings.help}>
        {TEXTS.business.permission[permission]}: {TEXTS.business.permissionHelp[permission]}
      </p>
      {error?.field === 'form' && <FormError>{error.text}</FormError>}
    </SettingsSection>
  );
}

function Member({ businessId, member }: { businessId: string; member: BusinessMembers['members'][number] }) {
  const grant = useGrantAccess(businessId);
  const revoke = useRevokeAccess(businessId);
  const onError = (e: unknown) => showToast(errorText(e), { tone: 'error' });
  const name = member.full_name || member.username;
  const current = member.permissions[0] ?? 'ANALYST';
  return (
    <li className={styles.member}>
      <Avatar name={name} imageUrl={member.image_url} size={40} />
      <span className={styles.memberText}>
        <span>{name}</span>
        <span className={styles.subtle}>
          @{member.username} · {member.mfa_enabled ? TEXTS.business.mfaOnBadge : TEXTS.business.mfaOffBadge}
        </span>
      </span>
      <PermissionSelect
        label={`${TEXTS.business.permissionLabel}: ${name}`}
        name={`permission-${member.user_id}`}
        value={current}
        onChange={(p) => grant.mutate({ business_id: businessId, username: member.username, permissions: [p] }, { onError })}
      />
      <Button
        variant="secondary"
        isDisabled={revoke.isPending}
        onPress={() => revoke.mutate({ business_id: businessId, user_id: member.user_id }, { onSuccess: () => showToast(TEXTS.business.removed), onError })}
      >
        {TEXTS.business.remove}
      </Button>
    </li>
  );
}

function Activity({ audit }: { audit: BusinessMembers['audit'] }) {
  return (
    <SettingsSection id="activity-heading" heading={TEXTS.business.activityHeading}>
      {audit.length === 0 ? (
        <p className={settings.help}>{TEXTS.business.noActivity}</p>
      ) : (
        <ul className={styles.activity}>
          {audit.map((a) => (
            <li key={a.id}>
              <time dateTime={a.created_at} className={styles.subtle}>
                {formatDate(a.created_at, { dateStyle: 'short', timeStyle: 'short' })}
              </time>{' '}
              {TEXTS.business.activity({ who: a.actor_username ? `@${a.actor_username}` : '—', action: actionText(a.action) })}
            </li>
          ))}
        </ul>
      )}
    </SettingsSection>
  );
}
