import { useState, type FormEvent } from 'react';
import { Navigate, useLocation, useParams, useSearchParams } from 'react-router';
import { MESSAGES } from '../../lib/messages';
import { EmptyState } from '../../components/EmptyState/EmptyState';
import { forgetPhotoDraft, keptPhotoDraft, readUploadedPinState, type UploadedPinState } from './pinDraft';
import { usePublishFlow } from './usePublishFlow';
import type { BoardSectionValue } from '../picker/components/BoardSectionSelect';
import { EMPTY_DETAILS, detailsForApi, hasDetailErrors, type PinDetails } from '../pins/components/PinDetailsFields';
import { usePublishPin } from '../pins/pins.queries';
import { isPublishingDisabled } from '../session/publishing';
import { RequireSignedIn } from '../session/components/RequireSignedIn';
import { TEXTS } from '../../lib/allTexts';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { PublishFields } from './PublishFields';
import styles from './PinCreationToolPage.module.css';

/**
 * /pin/create/{method}/?draft={id}: publishing the photo chosen in the create menu,
 * which arrives in navigation state as a base64 data URL (docs/product/logged-out-and-business.md §2)
 * and is kept in the session under its draft id, so a reload, Back and Forward
 * reopen it (decision 059).
 */
export function PinCreateUploadedPage() {
  useDocumentTitle(TEXTS.uploaded.heading);
  const location = useLocation();
  const [params] = useSearchParams();
  const draftId = params.get('draft');
  const draft = readUploadedPinState(location.state) ?? keptPhotoDraft(draftId);
  return (
    <RequireSignedIn heading={MESSAGES.loginPrompt.createPinOrBoard} body={TEXTS.create.loginNeeded}>
      {(viewer) => {
        if (isPublishingDisabled(viewer)) return <Navigate to="/" replace />;
        if (!draft) {
          return (
            <EmptyState headingLevel={1} heading={TEXTS.uploaded.heading} link={{ to: '/pin-creation-tool/', label: TEXTS.uploaded.upload }}>
              {TEXTS.uploaded.missing}
            </EmptyState>
          );
        }
        return <UploadedPinForm draft={draft} draftId={draftId} />;
      }}
    </RequireSignedIn>
  );
}

function UploadedPinForm({ draft, draftId }: { draft: UploadedPinState; draftId: string | null }) {
  const { method = draft.method } = useParams();
  const publish = usePublishPin();
  const flow = usePublishFlow();
  const { setSubmitted, setFormError, outcome } = flow;
  const [details, setDetails] = useState<PinDetails>({ ...EMPTY_DETAILS, description: draft.description });
  const [place, setPlace] = useState<BoardSectionValue>({ boardId: draft.boardId ?? '', sectionId: draft.sectionId ?? '' });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (publish.isPending || hasDetailErrors(details)) return;
    setFormError(null);
    publish.mutate(
      {
        image: { dataUrl: draft.imageBase64 },
        input: {
          ...detailsForApi(details),
          board_id: place.boardId || undefined,
          section_id: place.sectionId || undefined,
          method: method === 'uploaded' || method === 'pinbuilder' || method === 'button' ? method : draft.method,
        },
      },
      outcome(TEXTS.create.published, { replace: true, then: () => forgetPhotoDraft(draftId) }),
    );
  };

  return (
    <div className={styles.page}>
      <h1 className={styles.heading}>{TEXTS.uploaded.heading}</h1>
      <form className={styles.layout} onSubmit={submit} noValidate>
        <div className={styles.preview}>
          <img className={styles.previewImage} src={draft.imageBase64} alt={TEXTS.uploaded.previewAlt} />
        </div>
        <PublishFields styles={styles} flow={flow} details={[details, setDetails]} place={[place, setPlace]} pending={publish.isPending} />
      </form>
    </div>
  );
}
