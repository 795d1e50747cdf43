import { lazy, Suspense, useEffect, useRef, useState, type ChangeEvent, type DragEvent, type FormEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { PIN_DESCRIPTION_MAX, PIN_TITLE_MAX } from '@pinboard/shared/constants/limits';
import { MESSAGES } from '../../lib/messages';
import { interpolate } from '@pinboard/shared/text/interpolate';
import { isValidLink, normalizeLink } from '@pinboard/shared/text/links';
import { useCreateBoardDialog } from '../boards/CreateBoardContext';
import { Button } from '../../components/Button/Button';
import { FormError, TextArea, TextInput } from '../../components/Field/Field';
import { bindText } from '../../components/Field/formParts';
import { DETAIL_FIELDS } from '../pins/components/PinDetailsFields';
import { Icon } from '../../components/Icon/AllIcons';
import { showToast } from '../../components/Toast/toasts';
import { usePickerBoards } from '../picker/picker.queries';
import { useActingProfile } from '../../lib/actingProfile';
import { useCreatePin } from '../pins/pins.queries';
import { useCreateVideoPin } from '../pins/mediaPins.queries';
import type { Pin } from '../pins/pins.api';
import type { SignedInViewer } from '../session/session.api';
import { RequireSignedIn } from '../session/components/RequireSignedIn';
import { isApiError } from '../../lib/api';
import { CaptionsFields, type CaptionsChange } from '../pins/components/CaptionsFields';
import { BoardSectionSelect, type BoardSectionValue } from '../picker/components/BoardSectionSelect';
import { ACCEPTED_IMAGE_TYPES, ACCEPTED_VIDEO_TYPES, isVideoFile, mediaFileProblem } from '../../lib/upload';
import { TEXTS } from '../../lib/allTexts';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { apiErrorText, usePublishFlow } from './usePublishFlow';
import styles from './PinCreationToolPage.module.css';
import { AlreadySavedForFile } from '../pins/components/AlreadySavedNote';

/** Bulk upload (decision 098) comes only when asked for. */
const BulkUploadPanel = lazy(() => import('./BulkUploadPanel'));

const ACCEPT = [...ACCEPTED_IMAGE_TYPES, ...ACCEPTED_VIDEO_TYPES].join(',');

const tooLong = (max: number) => interpolate(MESSAGES.board.tooLong, { maxLength: max });

/** What the person writes for one draft Pin. */
interface DraftFields {
  title: string;
  description: string;
  link: string;
  altText: string;
  captions: CaptionsChange;
}
const EMPTY_FIELDS: DraftFields = { title: '', description: '', link: '', altText: '', captions: undefined };

/** A chosen file waiting to be published as a Pin of its own. */
interface Draft extends DraftFields {
  key: string;
  file: File;
  previewUrl: string;
}
let nextDraftKey = 0;

export function PinCreationToolPage() {
  useDocumentTitle(TEXTS.create.heading);
  return (
    <RequireSignedIn heading={MESSAGES.loginPrompt.createPinOrBoard} body={TEXTS.create.loginNeeded}>
      {(viewer) => {
        return <PinCreationForm viewer={viewer} />;
      }}
    </RequireSignedIn>
  );
}

function PinCreationForm({ viewer }: { viewer: SignedInViewer }) {
  const [bulk, setBulk] = useState(false);
  return (
    <>
      <div className={styles.modeRow}>
        <Button variant="secondary" onPress={() => setBulk((on) => !on)} aria-expanded={bulk}>
          {bulk ? TEXTS.bulkUpload.close : TEXTS.bulkUpload.open}
        </Button>
      </div>
      {bulk ? (
        <div className={styles.page}>
          <h1 className={styles.heading}>{TEXTS.create.heading}</h1>
          <Suspense fallback={<p>{TEXTS.bulkUpload.loading}</p>}>
            <BulkUploadPanel />
          </Suspense>
        </div>
      ) : (
        <SinglePinForm viewer={viewer} />
      )}
    </>
  );
}

function SinglePinForm({ viewer }: { viewer: SignedInViewer }) {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const { openCreateBoard } = useCreateBoardDialog();
  // The boards the session may save to (acting as a business: its boards, and the Pin is made as it; decisions 043, 059),
  // then an optional section of the chosen one, as in the board picker.
  const acting = useActingProfile(viewer.id);
  const boards = usePickerBoards('');
  const createImagePin = useCreatePin();
  const createVideoPin = useCreateVideoPin();

  // Each chosen file is a draft Pin of its own (several may be chosen at once); the form edits one of them,
  // which is published alone or with all the others (decision 059). The board and section are the tool's, for every draft.
  const [drafts, setDrafts] = useState<Draft[]>([]);
  const [currentKey, setCurrentKey] = useState<string | null>(null);
  const [blank, setBlank] = useState<DraftFields>(EMPTY_FIELDS);
  const [fileError, setFileError] = useState<string | null>(null);
  const [dragging, setDragging] = useState(false);
  const [linkTouched, setLinkTouched] = useState(false);
  const [place, setPlace] = useState<BoardSectionValue>({ boardId: params.get('board_id') ?? '', sectionId: params.get('section_id') ?? '' });
  const { formError, setFormError } = usePublishFlow();
  const [progress, setProgress] = useState<number | null>(null);
  const [publishingAll, setPublishingAll] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  const draftsRef = useRef(drafts);
  draftsRef.current = drafts;

  // The previews' object URLs go with the page.
  useEffect(
    () => () => {
      for (const d of draftsRef.current) URL.revokeObjectURL(d.previewUrl);
    },
    [],
  );

  const draft = drafts.find((d) => d.key === currentKey) ?? drafts[0] ?? null;
  const fields: DraftFields = draft ?? blank;
  const { title, description, link, altText, captions } = fields;
  const file = draft?.file ?? null;
  const previewUrl = draft?.previewUrl ?? null;
  const edit = (patch: Partial<DraftFields>) => {
    if (draft) setDrafts((all) => all.map((d) => (d.key === draft.key ? { ...d, ...patch } : d)));
    else setBlank((b) => ({ ...b, ...patch }));
  };
  const setTitle = (value: string) => edit({ title: value });
  const setDescription = (value: string) => edit({ description: value });
  const setLink = (value: string) => edit({ link: value });
  const setAltText = (value: string) => edit({ altText: value });
  const setCaptions = (value: CaptionsChange) => edit({ captions: value });

  const boardList = boards.data?.all_boards ?? [];

  const titleError = title.trim().length > PIN_TITLE_MAX ? tooLong(PIN_TITLE_MAX) : null;
  const descriptionError = description.trim().length > PIN_DESCRIPTION_MAX ? tooLong(PIN_DESCRIPTION_MAX) : null;
  const linkError = linkTouched && !isValidLink(link.trim()) ? MESSAGES.invalidUrl : null;
  const submitting = createImagePin.isPending || createVideoPin.isPending || publishingAll;

  /** New drafts from chosen files; `replace` swaps the current draft's file instead. */
  const choose = (chosen: File[], replace = false) => {
    setFormError(null);
    if (chosen.length === 0) return;
    const problems = chosen.map((f) => mediaFileProblem(f));
    setFileError(problems.find((problem) => problem) ?? null);
    const good = chosen.filter((_, i) => !problems[i]);
    if (good.length === 0) return;
    if (replace && draft) {
      const next = good[0]!;
      URL.revokeObjectURL(draft.previewUrl);
      setDrafts((all) => all.map((d) => (d.key === draft.key ? { ...d, file: next, previewUrl: URL.createObjectURL(next) } : d)));
      return;
    }
    const made = good.map((f, i): Draft => ({
      ...(drafts.length === 0 && i === 0 ? blank : EMPTY_FIELDS),
      key: `${Date.now()}-${nextDraftKey++}`,
      file: f,
      previewUrl: URL.createObjectURL(f),
    }));
    setDrafts((all) => [...all, ...made]);
    if (!draft) setCurrentKey(made[0]!.key);
  };

  const onFileChange = (event: ChangeEvent<HTMLInputElement>, replace = false) => {
    choose([...(event.target.files ?? [])], replace);
    event.target.value = '';
  };

  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragging(false);
    choose([...event.dataTransfer.files]);
  };

  const removeDraft = (key: string) => {
    const gone = drafts.find((d) => d.key === key);
    if (gone) URL.revokeObjectURL(gone.previewUrl);
    const rest = drafts.filter((d) => d.key !== key);
    setDrafts(rest);
    if (currentKey === key || !rest.some((d) => d.key === currentKey)) setCurrentKey(rest[0]?.key ?? null);
  };

  const fieldsInvalid = (d: DraftFields) =>
    d.title.trim().length > PIN_TITLE_MAX || d.description.trim().length > PIN_DESCRIPTION_MAX || !isValidLink(d.link.trim());

  /** Publishes one draft; answers its Pin. */
  const publish = async (d: Draft): Promise<Pin> => {
    const video = isVideoFile(d.file);
    setProgress(video ? 0 : null);
    const input = {
      board_id: place.boardId || undefined,
      section_id: (place.boardId && place.sectionId) || undefined,
      title: d.title.trim() || undefined,
      description: d.description.trim() || undefined,
      link: d.link.trim() ? normalizeLink(d.link) : undefined,
      alt_text: d.altText.trim() || undefined,
    };
    try {
      return video
        ? await createVideoPin.mutateAsync({ input: d.captions ? { ...input, captions: d.captions } : input, video: d.file, onProgress: setProgress })
        : await createImagePin.mutateAsync({ input, image: d.file });
    } finally {
      setProgress(null);
    }
  };

  const failed = (d: Draft, error: unknown) => {
    setCurrentKey(d.key);
    const message = apiErrorText(error, TEXTS.genericError);
    if (isApiError(error) && (error.field === 'image' || error.field === 'video')) setFileError(message);
    else setFormError(message);
  };

  const published = (d: Draft, pin: Pin, remaining: number) => {
    showToast(pin.is_video ? TEXTS.create.videoPublished : TEXTS.create.published, { thumbnailUrl: pin.images['236x']?.url });
    if (remaining === 0) void navigate(`/pin/${pin.id}/`);
    else removeDraftAfterPublish(d.key);
  };
  const removeDraftAfterPublish = (key: string) => {
    setDrafts((all) => {
      const gone = all.find((d) => d.key === key);
      if (gone) URL.revokeObjectURL(gone.previewUrl);
      const rest = all.filter((d) => d.key !== key);
      setCurrentKey((k) => (k === key || !rest.some((d) => d.key === k) ? (rest[0]?.key ?? null) : k));
      return rest;
    });
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (submitting) return;
    setLinkTouched(true);
    if (!draft) {
      setFileError(TEXTS.create.fileRequired);
      return;
    }
    if (titleError || descriptionError || !isValidLink(link.trim())) return;
    setFormError(null);
    publish(draft).then(
      (pin) => published(draft, pin, drafts.length - 1),
      (error: unknown) => failed(draft, error),
    );
  };

  /** Publishes every draft in turn; stops at the first that cannot be, and shows it. */
  const publishAll = async () => {
    if (submitting) return;
    setLinkTouched(true);
    setFormError(null);
    const invalid = drafts.find(fieldsInvalid);
    if (invalid) {
      setCurrentKey(invalid.key);
      return;
    }
    setPublishingAll(true);
    const all = [...drafts];
    let last: Pin | null = null;
    try {
      for (const d of all) {
        try {
          last = await publish(d);
        } catch (error) {
          failed(d, error);
          return;
        }
        removeDraftAfterPublish(d.key);
      }
    } finally {
      setPublishingAll(false);
    }
    if (last) {
      showToast(TEXTS.create.publishedMany({ count: all.length }), { thumbnailUrl: last.images['236x']?.url });
      void navigate(`/pin/${last.id}/`);
    }
  };

  return (
    <div className={styles.page}>
      <h1 className={styles.heading}>{TEXTS.create.heading}</h1>
      {acting && <p>{TEXTS.business.creatingAs({ name: acting.businessName })}</p>}
      <form className={styles.layout} onSubmit={submit} noValidate>
        <div>
          {drafts.length > 0 && (
            <section className={styles.drafts} aria-labelledby="drafts-heading">
              <h2 id="drafts-heading" className={styles.draftsHeading}>
                {TEXTS.create.drafts({ count: drafts.length })}
              </h2>
              <ul className={styles.draftList}>
                {drafts.map((d, i) => (
                  <li key={d.key} className={styles.draftItem} data-current={d.key === draft?.key || undefined}>
                    <button
                      type="button"
                      className={styles.draftThumb}
                      aria-pressed={d.key === draft?.key}
                      aria-label={TEXTS.create.editDraft({ n: i + 1, name: d.file.name })}
                      onClick={() => setCurrentKey(d.key)}
                      disabled={publishingAll}
                    >
                      {isVideoFile(d.file) ? <Icon name="play" size={20} /> : <img src={d.previewUrl} alt="" />}
                    </button>
                    <button
                      type="button"
                      className={styles.draftRemove}
                      aria-label={TEXTS.create.removeDraft({ n: i + 1, name: d.file.name })}
                      onClick={() => removeDraft(d.key)}
                      disabled={submitting}
                    >
                      <Icon name="close" size={12} />
                    </button>
                  </li>
                ))}
                <li>
                  <label className={styles.draftAdd}>
                    <Icon name="plus" size={20} />
                    <span className="visually-hidden">{TEXTS.create.addFiles}</span>
                    <input
                      type="file"
                      accept={ACCEPT}
                      multiple
                      className={styles.fileInput}
                      aria-label={TEXTS.create.addFiles}
                      disabled={submitting}
                      onChange={(event) => onFileChange(event)}
                    />
                  </label>
                </li>
              </ul>
            </section>
          )}
          {previewUrl && file ? (
            <div className={styles.preview}>
              {isVideoFile(file) ? (
                <video className={styles.previewImage} src={previewUrl} aria-label={TEXTS.create.videoPreview} muted playsInline controls />
              ) : (
                <img className={styles.previewImage} src={previewUrl} alt={TEXTS.create.previewAlt} />
              )}
              {/* The viewer's own boards that already have this very file (decision 095). */}
              {!isVideoFile(file) && <AlreadySavedForFile file={file} className={styles.alreadySaved} />}
              {progress !== null && (
                <div className={styles.progress}>
                  <progress max={100} value={Math.round(progress * 100)} aria-label={TEXTS.create.uploadProgress} />
                  <span aria-live="polite">{TEXTS.create.uploading({ percent: Math.round(progress * 100) })}</span>
                </div>
              )}
              <Button variant="secondary" className={styles.replace} onPress={() => fileInput.current?.click()} isDisabled={submitting}>
                {TEXTS.create.replaceMedia}
              </Button>
              <input
                ref={fileInput}
                type="file"
                accept={ACCEPT}
                className="visually-hidden"
                tabIndex={-1}
                aria-hidden="true"
                onChange={(event) => onFileChange(event, true)}
              />
            </div>
          ) : (
            <div
              className={styles.picker}
              data-dragging={dragging || undefined}
              aria-invalid={fileError ? true : undefined}
              onDragOver={(event) => {
                event.preventDefault();
                setDragging(true);
              }}
              onDragLeave={() => setDragging(false)}
              onDrop={onDrop}
            >
              <span className={styles.pickerIcon} aria-hidden="true">
                <Icon name="upload" size={22} />
              </span>
              <span className={styles.pickerTitle} id="file-label">
                {TEXTS.create.chooseMedia}
              </span>
              <span className={styles.pickerHelp} id="file-help">
                {TEXTS.create.chooseMediaHelp}
              </span>
              <input
                ref={fileInput}
                className={styles.fileInput}
                type="file"
                accept={ACCEPT}
                aria-labelledby="file-label"
                aria-describedby={fileError ? 'file-error file-help' : 'file-help'}
                aria-invalid={fileError ? true : undefined}
                multiple
                onChange={(event) => onFileChange(event)}
              />
            </div>
          )}
          {fileError && (
            <div id="file-error" className={styles.fileError}>
              <FormError>{fileError}</FormError>
            </div>
          )}
        </div>

        <div className={styles.form}>
          {formError && <FormError>{formError}</FormError>}
          <TextInput {...DETAIL_FIELDS.title} {...bindText(title, setTitle)} error={titleError} />
          <TextArea {...DETAIL_FIELDS.description} {...bindText(description, setDescription)} error={descriptionError} />
          <TextInput
            {...DETAIL_FIELDS.link}
            {...bindText(link, setLink)}
            onBlur={() => setLinkTouched(true)}
            onFocus={() => setLinkTouched(false)}
            error={linkError}
          />
          <TextInput {...DETAIL_FIELDS.altText} {...bindText(altText, setAltText)} />
          {file && isVideoFile(file) && <CaptionsFields current={null} value={captions} onChange={setCaptions} disabled={submitting} />}
          <div className={styles.boardRow}>
            {/* The board in the address, else the most recently used one. */}
            <BoardSectionSelect value={place} onChange={setPlace} preselectRecent disabled={submitting} />
            {boards.isSuccess && boardList.length === 0 && (
              <p className={styles.noBoards}>
                {TEXTS.create.noBoardsYet}
                <Button
                  variant="secondary"
                  size="small"
                  onPress={() => openCreateBoard({ stayOnPage: true, onCreated: (board) => setPlace({ boardId: board.id, sectionId: '' }) })}
                >
                  {TEXTS.profile.createBoard}
                </Button>
              </p>
            )}
          </div>
          <div className={styles.submitRow}>
            {drafts.length > 1 && (
              <Button variant="secondary" size="large" isDisabled={submitting} onPress={() => void publishAll()}>
                {TEXTS.create.publishAll({ count: drafts.length })}
              </Button>
            )}
            <Button type="submit" variant="primary" size="large" isDisabled={submitting}>
              {submitting ? TEXTS.create.publishing : TEXTS.create.publish}
            </Button>
          </div>
        </div>
      </form>
    </div>
  );
}
