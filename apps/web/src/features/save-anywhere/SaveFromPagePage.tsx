import { useEffect, useState } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { EmptyState } from '../../components/EmptyState/EmptyState';
import { FormError } from '../../components/Field/Field';
import { Spinner } from '../../components/Spinner/Spinner';
import { TEXTS } from '../../lib/allTexts';
import { MESSAGES } from '../../lib/messages';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { BuilderForm } from '../create/PinBuilderPage';
import { keepPhotoDraft, readAsDataUrl } from '../create/pinDraft';
import { apiErrorText } from '../create/usePublishFlow';
import { usePageImages } from '../pins/pins.queries';
import { RequireSignedIn } from '../session/components/RequireSignedIn';
import { isPublishingDisabled } from '../session/publishing';
import { takeSharedFile } from './sharedFiles';
import { readSaveRequest, type SaveRequest } from './saveRequest';
import styles from '../create/PinBuilderPage.module.css';

/**
 * /pin/create/bookmarklet/ and /pin/create/share/ (decision 101): the save window that the bookmarklet opens
 * with a page's pictures, and where the phone's share sheet lands with a link or a picture. It shows the Pin
 * builder's form (pictures, details, board and section); a shared picture goes on to the photo's form.
 */
export function SaveFromPagePage() {
  useDocumentTitle(TEXTS.saveAnywhere.windowHeading);
  const { search, hash } = useLocation();
  const [request] = useState(() => readSaveRequest(search, hash));
  return (
    <RequireSignedIn heading={MESSAGES.loginPrompt.createPinOrBoard} body={TEXTS.create.loginNeeded}>
      {(viewer) => {
        if (isPublishingDisabled(viewer)) return <Navigate to="/" replace />;
        return (
          <div className={styles.page}>
            <h1 className={styles.heading}>{TEXTS.saveAnywhere.windowHeading}</h1>
            {request.sharedFile ? (
              <SharedPicture request={request} />
            ) : request.images.length > 0 ? (
              <PagePictures request={request} />
            ) : (
              <SharedLink request={request} />
            )}
          </div>
        );
      }}
    </RequireSignedIn>
  );
}

/** The bookmarklet's pictures, as the page showed them. */
function PagePictures({ request }: { request: SaveRequest }) {
  return (
    <BuilderForm
      page={{ link: request.link, title: request.title || null, description: request.description || null, images: request.images }}
      boardId=""
      sectionId=""
    />
  );
}

/** A shared link: the server reads the page's pictures, as for the Pin builder. */
function SharedLink({ request }: { request: SaveRequest }) {
  const found = usePageImages(request.link);
  if (request.link === '') return <EmptyState>{TEXTS.saveAnywhere.nothing}</EmptyState>;
  if (found.isPending) return <Spinner label={TEXTS.builder.finding} />;
  if (found.isError) return <FormError>{apiErrorText(found.error)}</FormError>;
  const page = { ...found.data, title: found.data.title || request.title || null, description: found.data.description || request.description || null };
  return <BuilderForm page={page} boardId="" sectionId="" />;
}

/** A picture shared from another app: kept by the service worker, it becomes the photo's draft and its form. */
function SharedPicture({ request }: { request: SaveRequest }) {
  const navigate = useNavigate();
  const [lost, setLost] = useState(false);
  useEffect(() => {
    let live = true;
    void (async () => {
      const file = request.sharedFile ? await takeSharedFile(request.sharedFile) : null;
      if (!live) return;
      if (!file) return setLost(true);
      const draft = {
        imageBase64: await readAsDataUrl(file),
        description: [request.title, request.description, request.link].filter(Boolean).join('\n'),
        imageUrl: '',
        method: 'uploaded' as const,
      };
      const id = keepPhotoDraft(draft);
      if (live) void navigate(`/pin/create/uploaded/${id ? `?draft=${id}` : ''}`, { replace: true, state: draft });
    })().catch(() => live && setLost(true));
    return () => {
      live = false;
    };
  }, [navigate, request]);
  return lost ? <FormError>{TEXTS.saveAnywhere.lostImage}</FormError> : <Spinner label={TEXTS.saveAnywhere.readingShared} />;
}
