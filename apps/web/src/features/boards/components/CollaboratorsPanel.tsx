import { useState } from 'react';
import { useNavigate } from 'react-router';
import { MESSAGES } from '../../../lib/messages';
import { isValidEmail } from '@pinboard/shared/text/email';
import { Avatar } from '../../../components/Avatar/Avatar';
import { Button } from '../../../components/Button/Button';
import { Checkbox, FormError, TextInput } from '../../../components/Field/Field';
import { Icon } from '../../../components/Icon/AllIcons';
import { Spinner } from '../../../components/Spinner/Spinner';
import { showToast } from '../../../components/Toast/toasts';
import { isApiError } from '../../../lib/api';
import { TEXTS } from '../../../lib/allTexts';
import { useDebouncedValue } from '../../../lib/useDebouncedValue';
import { useSignedInViewer } from '../../session/session.queries';
import type { Board } from '../boards.api';
import { useUpdateBoard } from '../boards.queries';
import { isPending, type BoardMember, type PersonSummary } from '../invites.api';
import { useBoardMembers, useDeleteInvite, useInviteSuggestions, useInviteToBoard, useRemoveCollaborator } from '../invites.queries';
import styles from './CollaboratorsPanel.module.css';

const failureText = (error: unknown) => (isApiError(error) && error.fullMessage) || MESSAGES.board.somethingWentWrong;
const nameOf = (person: { full_name: string; username: string }) => person.full_name || person.username;

/**
 * The collaborators screen of the board editor (docs/product/profiles-and-boards.md §4, §6):
 * the owner and the people on the board, pending invites dimmed, a people
 * search to invite (the owner; collaborators when the owner allows it) that
 * also invites a typed email address,
 * remove and cancel buttons for the owner, and Leave for a collaborator.
 */
export function CollaboratorsPanel({ board, onBack }: { board: Board; onBack: () => void }) {
  const viewer = useSignedInViewer();
  const mayInvite = !!board.can?.invite;
  return (
    <div className={styles.panel}>
      {board.can?.edit && <InvitesSetting board={board} />}
      {mayInvite && <InvitePeople board={board} />}
      <MemberList board={board} viewerId={viewer?.id ?? null} />
      <div className={styles.footer}>
        <Button variant="secondary" size="large" onPress={onBack}>
          <Icon name="chevronLeft" size={18} />
          {TEXTS.collaborators.back}
        </Button>
      </div>
    </div>
  );
}

function InvitesSetting({ board }: { board: Board }) {
  const update = useUpdateBoard();
  const [enabled, setEnabled] = useState(!!board.collaborator_invites_enabled);
  return (
    <div className={styles.group}>
      {update.isError && <FormError>{failureText(update.error)}</FormError>}
      <Checkbox
        label={TEXTS.collaborators.allowInvites}
        help={TEXTS.collaborators.allowInvitesHelp}
        checked={enabled}
        disabled={update.isPending}
        onChange={(event) => {
          const next = event.target.checked;
          setEnabled(next);
          update.mutate({ board_id: board.id, collaborator_invites_enabled: next }, { onError: () => setEnabled(!next) });
        }}
      />
    </div>
  );
}

function InvitePeople({ board }: { board: Board }) {
  const [query, setQuery] = useState('');
  const settled = useDebouncedValue(query, 250);
  const suggestions = useInviteSuggestions(board.id, settled);
  const invite = useInviteToBoard(board.id);
  const typed = query.trim().toLowerCase();
  const email = isValidEmail(typed) ? typed : null;

  const send = (person: PersonSummary) => {
    invite.mutate(
      { userIds: [person.id] },
      {
        onSuccess: () => showToast(TEXTS.collaborators.invited({ name: nameOf(person) })),
        onError: (error) => showToast(failureText(error), { tone: 'error' }),
      },
    );
  };
  const sendEmail = (address: string) => {
    invite.mutate(
      { emails: [address] },
      {
        onSuccess: () => {
          showToast(TEXTS.collaborators.invited({ name: address }));
          setQuery('');
        },
        onError: (error) => showToast(failureText(error), { tone: 'error' }),
      },
    );
  };

  const people = suggestions.data ?? [];
  return (
    <div className={styles.group}>
      <TextInput
        label={TEXTS.collaborators.searchLabel}
        type="search"
        value={query}
        onChange={(event) => setQuery(event.target.value)}
        autoComplete="off"
        placeholder={TEXTS.collaborators.searchPlaceholder}
        hideLabel
      />
      {email && (
        <ul className={styles.people} aria-label={TEXTS.collaborators.emailInvite}>
          <li className={styles.person}>
            <Avatar name={email} imageUrl={null} size={40} />
            <span className={styles.personText}>
              <span className={styles.personName}>{email}</span>
              <span className={styles.personMeta}>{TEXTS.collaborators.emailInvite}</span>
            </span>
            <Button
              size="small"
              variant="primary"
              isDisabled={invite.isPending && invite.variables?.emails?.[0] === email}
              onPress={() => sendEmail(email)}
              aria-label={TEXTS.collaborators.inviteTo({ name: email })}
            >
              {TEXTS.collaborators.invite}
            </Button>
          </li>
        </ul>
      )}
      {suggestions.isPending ? (
        <Spinner showLabel={false} />
      ) : people.length === 0 ? (
        settled.trim() !== '' && !email && <p className={styles.quiet}>{TEXTS.collaborators.noMatches}</p>
      ) : (
        <ul className={styles.people} aria-label={TEXTS.collaborators.suggestionsLabel}>
          {people.map((person) => (
            <li key={person.id} className={styles.person}>
              <Avatar name={nameOf(person)} imageUrl={person.image_medium_url} size={40} />
              <span className={styles.personText}>
                <span className={styles.personName}>{nameOf(person)}</span>
                <span className={styles.personMeta}>@{person.username}</span>
              </span>
              <Button
                size="small"
                variant="primary"
                isDisabled={invite.isPending && invite.variables?.userIds?.[0] === person.id}
                onPress={() => send(person)}
                aria-label={TEXTS.collaborators.inviteTo({ name: nameOf(person) })}
              >
                {TEXTS.collaborators.invite}
              </Button>
            </li>
          ))}
        </ul>
      )}
      {!email && <p className={styles.quiet}>{TEXTS.collaborators.emailsHelp}</p>}
    </div>
  );
}

function MemberList({ board, viewerId }: { board: Board; viewerId: string | null }) {
  const members = useBoardMembers(board.id);
  const rows = members.data?.pages.flatMap((page) => page.data) ?? [];
  const ownerName = nameOf(board.owner);
  return (
    <div className={styles.group}>
      <h3 className={styles.groupLabel}>{TEXTS.collaborators.listLabel}</h3>
      {members.isError && <FormError>{failureText(members.error)}</FormError>}
      <ul className={styles.people} aria-label={TEXTS.collaborators.listLabel}>
        <li className={styles.person}>
          <Avatar name={ownerName} imageUrl={board.owner.image_medium_url} size={40} />
          <span className={styles.personText}>
            <span className={styles.personName}>
              {ownerName} {board.owner.id === viewerId && TEXTS.collaborators.you}
            </span>
            <span className={styles.personMeta}>{TEXTS.collaborators.owner}</span>
          </span>
        </li>
        {rows.map((member) => (
          <MemberRow key={`${member.status}:${member.invited_user?.id ?? member.invited_email}`} board={board} member={member} viewerId={viewerId} />
        ))}
      </ul>
      {members.isPending && <Spinner showLabel={false} />}
      {members.hasNextPage && (
        <Button variant="secondary" onPress={() => void members.fetchNextPage()} isDisabled={members.isFetchingNextPage}>
          {TEXTS.loadingMore}
        </Button>
      )}
    </div>
  );
}

function MemberRow({ board, member, viewerId }: { board: Board; member: BoardMember; viewerId: string | null }) {
  const navigate = useNavigate();
  const remove = useRemoveCollaborator();
  const cancel = useDeleteInvite();
  const person = member.invited_user;
  // An invite by email is shown by its address until someone redeems its link.
  const email = person ? null : (member.invited_email ?? '');
  const name = person ? nameOf(person) : (email ?? '');
  const pending = isPending(member);
  const isMe = !!person && person.id === viewerId;
  const sentByMe = !!member.invited_by_user && member.invited_by_user.id === viewerId;

  // The row goes away once the list is read again, so the toasts follow the calls themselves, not the row.
  const onError = (error: unknown) => void showToast(failureText(error), { tone: 'error' });
  const removePerson = () =>
    person && remove.mutateAsync({ boardId: board.id, userId: person.id }).then(() => void showToast(TEXTS.collaborators.removed({ name })), onError);
  const cancelInvite = () =>
    cancel
      .mutateAsync(person ? { boardId: board.id, userId: person.id } : { boardId: board.id, email: email ?? '' })
      .then(() => void showToast(TEXTS.collaborators.inviteCancelled({ name })), onError);
  const leave = () =>
    person &&
    remove.mutateAsync({ boardId: board.id, userId: person.id }).then(() => {
      showToast(TEXTS.collaborators.left({ board: board.name }));
      // A secret board is gone for someone who left it.
      if (board.privacy === 'secret') void navigate('/', { replace: true });
    }, onError);

  let action = null;
  if (pending && (board.can?.edit || sentByMe)) {
    action = (
      <Button size="small" variant="secondary" onPress={cancelInvite} isDisabled={cancel.isPending} aria-label={TEXTS.collaborators.cancelInviteFor({ name })}>
        {TEXTS.collaborators.cancelInvite}
      </Button>
    );
  } else if (!pending && board.can?.edit) {
    action = (
      <Button size="small" variant="secondary" onPress={removePerson} isDisabled={remove.isPending} aria-label={TEXTS.collaborators.removeFrom({ name })}>
        {TEXTS.collaborators.remove}
      </Button>
    );
  } else if (!pending && isMe) {
    action = (
      <Button size="small" variant="secondary" onPress={leave} isDisabled={remove.isPending}>
        {TEXTS.collaborators.leave}
      </Button>
    );
  }

  return (
    <li className={`${styles.person} ${pending ? styles.pending : ''}`} data-status={member.status}>
      <span className={styles.dimmable}>
        <Avatar name={name} imageUrl={person?.image_medium_url ?? null} {...(person ? { colorIndex: person.avatar_color_index } : {})} size={40} />
      </span>
      <span className={`${styles.personText} ${styles.dimmable}`}>
        <span className={styles.personName}>
          {name} {isMe && TEXTS.collaborators.you}
        </span>
        <span className={styles.personMeta}>{pending ? TEXTS.collaborators.pending : `@${person?.username ?? ''}`}</span>
      </span>
      {action}
    </li>
  );
}
