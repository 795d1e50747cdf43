import { useState } from 'react';
import { MESSAGES } from '../../../lib/messages';
import { isValidEmail } from '@pinboard/shared/text/email';
import { Avatar } from '../../../components/Avatar/Avatar';
import { Button } from '../../../components/Button/Button';
import { TextInput } from '../../../components/Field/Field';
import { bindText } from '../../../components/Field/formParts';
import { Icon } from '../../../components/Icon/AllIcons';
import { Modal } from '../../../components/Modal/Modal';
import { PincodeModal } from '../../../overlays';
import { Spinner } from '../../../components/Spinner/Spinner';
import { showToast } from '../../../components/Toast/toasts';
import { TEXTS } from '../../../lib/allTexts';
import { useDebouncedValue } from '../../../lib/useDebouncedValue';
import type { ShareSuggestion } from '../../messages/messages.api';
import { sendErrorText, useCreateConversation, useShareSuggestions } from '../../messages/messages.queries';
import { useInviteCode } from '../social.queries';
import styles from './SocialDialogs.module.css';

export interface ShareProfileModalProps {
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  profile: { username: string; name: string };
  /** A private profile's owner shares an invite-to-follow link instead of the profile. */
  invite?: boolean;
}

async function copyText(text: string) {
  try {
    await navigator.clipboard.writeText(text);
    showToast(TEXTS.social.linkCopied);
  } catch {
    showToast(TEXTS.genericError, { tone: 'error' });
  }
}

/**
 * 'Send this profile': the link to copy, and people to send it to (share
 * suggestions, narrowed by typing a name; a typed email address becomes an
 * email). Sending starts a conversation with the link as its text.
 */
export function ShareProfileModal({ isOpen, onOpenChange, profile, invite = false }: ShareProfileModalProps) {
  return (
    <Modal isOpen={isOpen} onOpenChange={onOpenChange} title={invite ? TEXTS.social.inviteTitle : MESSAGES.profile.sendProfile}>
      {isOpen && (invite ? <InviteBody name={profile.name} /> : <ShareBody link={`${window.location.origin}/${profile.username}/`} name={profile.name} />)}
      {isOpen && !invite && <PincodeButton profile={profile} />}
    </Modal>
  );
}

/** The profile's Pincode (decision 061), from the share dialog. */
function PincodeButton({ profile }: { profile: { username: string; name: string } }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button className={styles.pincodeButton} onPointerEnter={PincodeModal.prefetch} onPress={() => setOpen(true)}>
        {TEXTS.pincode.open}
      </Button>
      <PincodeModal isOpen={open} onOpenChange={setOpen} subject={{ kind: 'profile', username: profile.username, name: profile.name }} />
    </>
  );
}

function InviteBody({ name }: { name: string }) {
  const invite = useInviteCode(true);
  if (invite.isPending) return <Spinner />;
  if (!invite.data) return <p className={styles.quiet}>{TEXTS.genericError}</p>;
  const link = `${window.location.origin}${invite.data.url}`;
  return (
    <div className={styles.body}>
      <p className={styles.quiet}>{TEXTS.social.inviteBody}</p>
      <ShareBody link={link} name={name} linkLabel={TEXTS.social.inviteLinkLabel} message={TEXTS.social.inviteMessage({ url: link })} />
    </div>
  );
}

export interface ShareBodyProps {
  link: string;
  name: string;
  linkLabel?: string;
  /** The text sent; the link by default (none when a Pin is sent). */
  message?: string;
  /** Sends this Pin (as a Pin in the message) instead of the link as text. */
  pinId?: string;
}

/**
 * The link to copy and the people to send it to; shared by 'Send this
 * profile' and 'Send this Pin'.
 */
export function ShareBody({ link, name, linkLabel = TEXTS.social.linkLabel, message, pinId }: ShareBodyProps) {
  const [query, setQuery] = useState('');
  const settled = useDebouncedValue(query, 250);
  const suggestions = useShareSuggestions(settled);
  const [sent, setSent] = useState<ReadonlySet<string>>(new Set());
  const create = useCreateConversation();

  const items: ShareSuggestion[] = [...(suggestions.data ?? [])];
  const typed = settled.trim();
  if (isValidEmail(typed) && !items.some((item) => item.type === 'email' && item.email.toLowerCase() === typed.toLowerCase())) {
    items.push({ type: 'email', email: typed });
  }

  const send = (person: Extract<ShareSuggestion, { type: 'user_share_suggestion' }>) => {
    create.mutate(pinId ? { user_ids: [person.id], pin_id: pinId, ...(message ? { text: message } : {}) } : { user_ids: [person.id], text: message ?? link }, {
      onSuccess: () => {
        setSent((old) => new Set(old).add(person.id));
        showToast(TEXTS.social.sent({ name: person.full_name || person.username }));
      },
      onError: (error) => showToast(sendErrorText(error), { tone: 'error' }),
    });
  };

  return (
    <div className={styles.body}>
      <div className={styles.copyRow}>
        <TextInput label={linkLabel} value={link} readOnly onFocus={(event) => event.currentTarget.select()} />
        <Button variant="secondary" size="large" onPress={() => void copyText(link)}>
          <Icon name="link" size={18} />
          {TEXTS.social.copyLink}
        </Button>
      </div>
      <TextInput
        label={TEXTS.social.shareSearch}
        type="search"
        {...bindText(query, setQuery)}
        autoComplete="off"
        placeholder={TEXTS.social.shareSearch}
        hideLabel
      />
      {suggestions.isPending ? (
        <Spinner showLabel={false} />
      ) : items.length === 0 ? (
        <p className={styles.quiet}>{TEXTS.social.noMatches}</p>
      ) : (
        <ul className={styles.people} aria-label={TEXTS.social.shareSuggestions}>
          {items.map((item) =>
            item.type === 'email' ? (
              <li key={`email:${item.email}`} className={styles.person}>
                <span className={styles.emailIcon} aria-hidden="true">
                  <Icon name="send" size={18} />
                </span>
                <span className={styles.personText}>
                  <span className={styles.personName}>{item.email}</span>
                </span>
                <a
                  className={styles.linkButton}
                  href={`mailto:${encodeURIComponent(item.email)}?subject=${encodeURIComponent(TEXTS.social.emailSubject({ name }))}&body=${encodeURIComponent(message ?? link)}`}
                  aria-label={TEXTS.social.sendEmail({ email: item.email })}
                >
                  {TEXTS.messages.send}
                </a>
              </li>
            ) : (
              <li key={item.id} className={styles.person}>
                <Avatar name={item.full_name || item.username} imageUrl={item.image_medium_url} size={40} />
                <span className={styles.personText}>
                  <span className={styles.personName}>{item.full_name || item.username}</span>
                  <span className={styles.personMeta}>@{item.username}</span>
                </span>
                <Button
                  size="small"
                  variant={sent.has(item.id) ? 'secondary' : 'primary'}
                  isDisabled={sent.has(item.id) || (create.isPending && create.variables?.user_ids[0] === item.id)}
                  onPress={() => send(item)}
                  aria-label={TEXTS.social.sendTo({ name: item.full_name || item.username })}
                >
                  {sent.has(item.id) ? TEXTS.social.sentShort : TEXTS.messages.send}
                </Button>
              </li>
            ),
          )}
        </ul>
      )}
    </div>
  );
}
