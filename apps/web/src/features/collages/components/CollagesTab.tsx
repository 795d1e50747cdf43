import { useState } from 'react';
import { Link } from 'react-router';
import { COLLAGE_DRAFT_CARD } from '@pinboard/shared/constants/collages';
import { MESSAGES } from '../../../lib/messages';
import { ButtonLink, IconButton } from '../../../components/Button/Button';
import { ConfirmDialog } from '../../../overlays';
import { Icon } from '../../../components/Icon/AllIcons';
import { InfiniteSentinel } from '../../../components/masonry/InfiniteSentinel';
import { PinCard } from '../../pins/components/PinCard';
import { Spinner } from '../../../components/Spinner/Spinner';
import { showToast } from '../../../components/Toast/toasts';
import { isApiError } from '../../../lib/api';
import { justNow, relativeAge } from '../../../lib/relativeAge';
import { TEXTS } from '../../../lib/allTexts';
import type { Pin } from '../../pins/pins.api';
import type { Collage, CollageListEntry } from '../collages.api';
import { useCollageList, useDeleteCollage } from '../collages.queries';
import styles from './CollagesTab.module.css';

/** Published collages are shown as the Pins they became (docs/product/profiles-and-boards.md §2: only type pin shown). */
const isPin = (entry: CollageListEntry): entry is Pin & { type: 'pin' } => entry.type === 'pin';
const isDraft = (entry: CollageListEntry): entry is Collage => entry.type === 'shuffle' && entry.is_draft;

/** Published Pins are shown at the feed's column width. */
const PUBLISHED_COLUMN = 236;

/** The owner's Collages tab: Drafts, then Published, and a way to start a new one. */
export function CollagesTab() {
  return (
    <div className={styles.tab}>
      <div className={styles.intro}>
        <p>{TEXTS.collages.intro}</p>
        <ButtonLink to="/collage-creation-tool/" variant="primary" size="large">
          <Icon name="plus" size={18} />
          {TEXTS.collages.create}
        </ButtonLink>
      </div>
      <Drafts />
      <Published />
    </div>
  );
}

function Drafts() {
  const list = useCollageList('drafts');
  const remove = useDeleteCollage();
  const [confirming, setConfirming] = useState<Collage | null>(null);
  const drafts = (list.data?.pages ?? []).flatMap((page) => page.data).filter(isDraft);

  const close = () => {
    setConfirming(null);
    remove.reset();
  };
  const confirm = () => {
    if (!confirming) return;
    remove.mutate(confirming.id, {
      onSuccess: () => {
        close();
        showToast(TEXTS.collages.deleted);
      },
    });
  };

  return (
    <section className={styles.section} aria-labelledby="collage-drafts-heading">
      <h2 id="collage-drafts-heading" className={styles.heading}>
        {TEXTS.collages.drafts}
      </h2>
      {list.isPending ? (
        <Spinner />
      ) : drafts.length === 0 ? (
        <p className={styles.empty}>{TEXTS.collages.noDrafts}</p>
      ) : (
        <ul className={styles.drafts}>
          {drafts.map((draft) => (
            <li key={draft.id}>
              <DraftCard draft={draft} onDelete={() => setConfirming(draft)} />
            </li>
          ))}
        </ul>
      )}
      <InfiniteSentinel hasMore={!!list.hasNextPage} isLoading={list.isFetchingNextPage} onLoadMore={() => void list.fetchNextPage()} />
      <ConfirmDialog
        isOpen={confirming !== null}
        onOpenChange={(open) => !open && close()}
        title={TEXTS.collages.deleteTitle}
        confirmLabel={TEXTS.collages.deleteConfirm}
        busyLabel={TEXTS.collages.deleting}
        cancelLabel={TEXTS.collages.cancel}
        busy={remove.isPending}
        error={remove.isError ? (isApiError(remove.error) && remove.error.fullMessage) || MESSAGES.board.somethingWentWrong : null}
        onConfirm={confirm}
      >
        {TEXTS.collages.deleteBody}
      </ConfirmDialog>
    </section>
  );
}

function DraftCard({ draft, onDelete }: { draft: Collage; onDelete: () => void }) {
  const image = draft.images?.['236x'] ?? draft.images?.['474x'] ?? draft.images?.orig;
  const age = relativeAge(draft.updated_at);
  // relativeAge's 'now' (in the locale's words) selects the message's own phrase.
  const edited = TEXTS.collages.edited({ age: age === justNow() ? 'now' : age });
  const label = TEXTS.collages.draftLabel({ edited: edited.toLowerCase() });
  return (
    <article className={styles.draft} style={{ width: COLLAGE_DRAFT_CARD.width }}>
      <Link to={`/collage-creation-tool/?draftId=${draft.id}`} className={styles.draftLink} aria-label={`${TEXTS.collages.openDraft}: ${label}`}>
        <span className={styles.draftImage} style={{ height: COLLAGE_DRAFT_CARD.height, backgroundColor: draft.dominant_color ?? undefined }}>
          {image && <img src={image.url} alt="" width={COLLAGE_DRAFT_CARD.width} height={COLLAGE_DRAFT_CARD.height} loading="lazy" />}
        </span>
        <span className={styles.draftAge}>{edited}</span>
      </Link>
      <IconButton label={TEXTS.collages.deleteDraft} className={styles.deleteButton} onPress={onDelete}>
        <Icon name="trash" size={16} />
      </IconButton>
    </article>
  );
}

function Published() {
  const list = useCollageList('published');
  const pins = (list.data?.pages ?? []).flatMap((page) => page.data).filter(isPin);
  return (
    <section className={styles.section} aria-labelledby="collage-published-heading">
      <h2 id="collage-published-heading" className={styles.heading}>
        {TEXTS.collages.published}
      </h2>
      {list.isPending ? (
        <Spinner />
      ) : pins.length === 0 ? (
        <p className={styles.empty}>{TEXTS.collages.noPublished}</p>
      ) : (
        <ul className={styles.published}>
          {pins.map((pin) => (
            <li key={pin.id}>
              <PinCard pin={pin} columnWidth={PUBLISHED_COLUMN} showBoardName />
            </li>
          ))}
        </ul>
      )}
      <InfiniteSentinel hasMore={!!list.hasNextPage} isLoading={list.isFetchingNextPage} onLoadMore={() => void list.fetchNextPage()} />
    </section>
  );
}
