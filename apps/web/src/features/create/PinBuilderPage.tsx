import { useId, useState, type FormEvent } from 'react';
import { Navigate, useLocation } from 'react-router';
import { MESSAGES } from '../../lib/messages';
import { isWebAddress, normalizeLink } from '@pinboard/shared/text/links';
import { Button } from '../../components/Button/Button';
import { FormError, TextInput } from '../../components/Field/Field';
import { Icon } from '../../components/Icon/AllIcons';
import { Spinner } from '../../components/Spinner/Spinner';
import { readPinBuilderState, rememberBuilderLink, rememberedBuilderLink } from './pinDraft';
import { apiErrorText, usePublishFlow } from './usePublishFlow';
import type { FoundImage, FoundImages } from '../pins/pins.api';
import type { BoardSectionValue } from '../picker/components/BoardSectionSelect';
import { URL_INPUT, detailsForApi, hasDetailErrors, type PinDetails } from '../pins/components/PinDetailsFields';
import { usePageImages, usePublishPin } from '../pins/pins.queries';
import { isPublishingDisabled } from '../session/publishing';
import { RequireSignedIn } from '../session/components/RequireSignedIn';
import { linkDomain } from '../../lib/pinText';
import { TEXTS } from '../../lib/allTexts';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { PublishFields } from './PublishFields';
import styles from './PinBuilderPage.module.css';
import { AlreadySavedNote } from '../pins/components/AlreadySavedNote';

/** Where the server serves a still preview of an image on another site (our CSP shows images from our own origin only). */
const IMAGE_PREVIEW_PATH = '/v3/pin-builder/image-preview/';

/** The address to show an image from: itself when on our origin, else its preview through the server's guarded fetcher. */
function previewSource(url: string, origin: string = window.location.origin): string {
  try {
    if (new URL(url, origin).origin === origin) return url;
  } catch {
    // Not a URL: the server refuses it and the placeholder shows.
  }
  return `${IMAGE_PREVIEW_PATH}?url=${encodeURIComponent(url)}`;
}

/** /pin-builder/: a Pin from a web page (docs/product/logged-out-and-business.md §2): link, the page's images, details, Publish. */
export function PinBuilderPage() {
  useDocumentTitle(TEXTS.builder.heading);
  return (
    <RequireSignedIn heading={MESSAGES.loginPrompt.createPinOrBoard} body={TEXTS.create.loginNeeded}>
      {(viewer) => {
        if (isPublishingDisabled(viewer)) return <Navigate to="/" replace />;
        return <PinBuilder />;
      }}
    </RequireSignedIn>
  );
}

function PinBuilder() {
  const location = useLocation();
  const state = readPinBuilderState(location.state);
  const initialLink = state?.link ?? rememberedBuilderLink();
  const [input, setInput] = useState(initialLink);
  const [link, setLink] = useState(initialLink && isWebAddress(initialLink) ? normalizeLink(initialLink) : '');
  const [linkError, setLinkError] = useState<string | null>(null);
  // An answer's error belongs to its attempt: hidden once the link is edited, and while it is tried again.
  const [edited, setEdited] = useState(false);
  const found = usePageImages(link);

  const find = (event: FormEvent) => {
    event.preventDefault();
    const value = input.trim();
    setEdited(false);
    if (value === '' || !isWebAddress(value)) {
      setLinkError(MESSAGES.invalidUrl);
      return;
    }
    const normalized = normalizeLink(value);
    rememberBuilderLink(normalized);
    setLinkError(null);
    if (normalized === link) void found.refetch();
    setLink(normalized);
  };

  return (
    <div className={styles.page}>
      <h1 className={styles.heading}>{TEXTS.builder.heading}</h1>
      <form className={styles.linkForm} onSubmit={find} noValidate>
        <div className={styles.linkField}>
          <TextInput
            label={TEXTS.builder.linkLabel}
            {...URL_INPUT}
            placeholder={TEXTS.builder.linkPlaceholder}
            value={input}
            error={linkError}
            onFocus={() => setLinkError(null)}
            onChange={(event) => {
              setInput(event.target.value);
              setLinkError(null);
              setEdited(true);
            }}
          />
        </div>
        <Button type="submit" variant="secondary" size="large" isDisabled={found.isFetching}>
          {found.isFetching ? TEXTS.builder.finding : TEXTS.builder.find}
        </Button>
      </form>
      {link === '' ? (
        <p className={styles.hint}>{TEXTS.builder.linkFirst}</p>
      ) : found.isPending || (found.isError && found.isFetching) ? (
        <Spinner label={TEXTS.builder.finding} />
      ) : found.isError ? (
        edited ? null : (
          <FormError>{apiErrorText(found.error)}</FormError>
        )
      ) : (
        <BuilderForm key={found.data.link} page={found.data} boardId={state?.boardId ?? ''} sectionId={state?.sectionId ?? ''} />
      )}
    </div>
  );
}

/** The Pin builder's form for a page's pictures; the save window of the bookmarklet and the share target shows it too (decision 101). */
export function BuilderForm({ page, boardId, sectionId }: { page: FoundImages; boardId: string; sectionId: string }) {
  const publish = usePublishPin();
  const flow = usePublishFlow();
  const { setSubmitted, setFormError, outcome } = flow;
  const [chosen, setChosen] = useState<string | null>(null);
  const [details, setDetails] = useState<PinDetails>({ title: page.title ?? '', description: page.description ?? '', link: page.link, altText: '' });
  const [place, setPlace] = useState<BoardSectionValue>({ boardId, sectionId });
  const image = page.images.find((candidate) => candidate.url === chosen) ?? null;
  const groupId = useId();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (publish.isPending || hasDetailErrors(details)) return;
    if (!image) {
      setFormError(TEXTS.builder.pickFirst);
      return;
    }
    setFormError(null);
    publish.mutate(
      {
        image: { url: image.url },
        input: {
          ...detailsForApi({ ...details, altText: details.altText || image.alt || '' }),
          board_id: place.boardId || undefined,
          section_id: place.sectionId || undefined,
          method: 'scraped',
        },
      },
      outcome(TEXTS.create.published),
    );
  };

  return (
    <form className={styles.layout} onSubmit={submit} noValidate>
      <div className={styles.images}>
        {/* The viewer's own boards that already have a Pin of this page (decision 095). */}
        <AlreadySavedNote query={{ link: page.link }} className={styles.hint} />
        <p id={groupId} className={styles.imagesLabel}>
          {TEXTS.builder.pick}
        </p>
        {/* Native radios: one tab stop, arrow keys between images. */}
        <div className={styles.grid} role="radiogroup" aria-labelledby={groupId}>
          {page.images.map((candidate, index) => (
            <ImageOption
              key={candidate.url}
              name={groupId}
              image={candidate}
              index={index}
              count={page.images.length}
              checked={chosen === candidate.url}
              onChoose={() => {
                setChosen(candidate.url);
                setFormError(null);
              }}
            />
          ))}
        </div>
      </div>
      <PublishFields
        styles={styles}
        flow={flow}
        details={[
          details,
          (next) => {
            setDetails(next);
            setFormError(null);
          },
        ]}
        place={[place, setPlace]}
        pending={publish.isPending}
      />
    </form>
  );
}

function ImageOption({
  name: group,
  image,
  index,
  count,
  checked,
  onChoose,
}: {
  name: string;
  image: FoundImage;
  index: number;
  count: number;
  checked: boolean;
  onChoose: () => void;
}) {
  const source = TEXTS.builder.sources[image.source] ?? image.source;
  const size = image.width && image.height ? TEXTS.builder.size({ width: image.width, height: image.height }) : null;
  const name = [TEXTS.builder.imageName({ index: index + 1, count, source }), size, image.alt].filter(Boolean).join(', ');
  const ratio = image.width && image.height ? image.height / image.width : 1;
  // A picture the server can't fetch or read is listed with its site and size instead.
  const [failed, setFailed] = useState(false);
  return (
    <label className={styles.option}>
      <input type="radio" name={group} value={image.url} checked={checked} onChange={onChoose} aria-label={name} className={styles.radio} />
      <span className={styles.frame} style={{ aspectRatio: `1 / ${Math.min(2, Math.max(0.5, ratio))}` }}>
        {failed ? (
          <span className={styles.noPreview}>
            <Icon name="image" size={28} />
            <span className={styles.host}>{linkDomain(image.url) ?? image.url}</span>
            <span>{size ?? TEXTS.builder.noPreview}</span>
          </span>
        ) : (
          <img src={previewSource(image.url)} alt="" loading="lazy" onError={() => setFailed(true)} />
        )}
        <span className={styles.badge} aria-hidden="true">
          {image.source === 'og' ? 'og:image' : image.source === 'twitter' ? 'twitter:image' : `img ${index + 1}`}
        </span>
        <span className={styles.tick} aria-hidden="true">
          <Icon name="check" size={18} />
        </span>
      </span>
    </label>
  );
}
