import { useEffect, useRef, useState, type ChangeEvent, type DragEvent, type FormEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { PIN_DESCRIPTION_MAX, PIN_TITLE_MAX } from '@pinboard/shared/constants/limits';
import { MESSAGES } from '@pinboard/shared/constants/messages';
import { interpolate } from '@pinboard/shared/text/interpolate';
import { isValidLink, normalizeLink } from '@pinboard/shared/text/links';
import { useCreateBoardDialog } from '../features/boards/CreateBoardContext';
import { Button } from '../components/Button/Button';
import { FormError, Select, TextArea, TextInput } from '../components/Field/Field';
import { Icon } from '../components/Icon/AllIcons';
import { showToast } from '../components/Toast/toasts';
import { useAllUserBoards } from '../features/boards/boards.queries';
import { usePickerBoards } from '../features/picker/picker.queries';
import { useActingProfile } from '../lib/actingProfile';
import { useCreatePin } from '../features/pins/pins.queries';
import { useCreateVideoPin } from '../features/pins/mediaPins.queries';
import type { Pin } from '../features/pins/pins.api';
import type { SignedInViewer } from '../features/session/session.api';
import { RequireSignedIn } from '../features/session/components/RequireSignedIn';
import { isApiError } from '../lib/api';
import { CaptionsFields, type CaptionsChange } from '../features/pins/components/CaptionsFields';
import { ACCEPTED_IMAGE_TYPES, ACCEPTED_VIDEO_TYPES, isVideoFile, mediaFileProblem } from '../lib/upload';
import * as TEXTS from '../lib/allTexts';
import { useDocumentTitle } from '../lib/useDocumentTitle';
import styles from './PinCreationToolRoute.module.css';

const NO_BOARD = '';
const ACCEPT = [...ACCEPTED_IMAGE_TYPES, ...ACCEPTED_VIDEO_TYPES].join(',');

const tooLong = (max: number) => interpolate(MESSAGES.board.tooLong, { maxLength: max });

export function PinCreationToolRoute() {
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
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const { openCreateBoard } = useCreateBoardDialog();
  // Acting as a business (the header's switcher): its boards, and the Pin is made as it (decision 043).
  const acting = useActingProfile(viewer.id);
  const ownBoards = useAllUserBoards(acting ? null : viewer.username);
  const pickerBoards = usePickerBoards('', { enabled: !!acting });
  const boards = acting ? { data: pickerBoards.data?.all_boards, isPending: pickerBoards.isPending, isSuccess: pickerBoards.isSuccess } : ownBoards;
  const createImagePin = useCreatePin();
  const createVideoPin = useCreateVideoPin();

  const [file, setFile] = useState<File | null>(null);
  const [previewUrl, setPreviewUrl] = useState<string | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [dragging, setDragging] = useState(false);
  const [title, setTitle] = useState('');
  const [description, setDescription] = useState('');
  const [link, setLink] = useState('');
  const [linkTouched, setLinkTouched] = useState(false);
  const [altText, setAltText] = useState('');
  const [boardId, setBoardId] = useState<string | null>(params.get('board_id'));
  const [formError, setFormError] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [captions, setCaptions] = useState<CaptionsChange>(undefined);
  const fileInput = useRef<HTMLInputElement>(null);

  useEffect(() => () => {
    if (previewUrl) URL.revokeObjectURL(previewUrl);
  }, [previewUrl]);

  // Default to the board in the URL, else the first board, once the boards are known.
  const boardList = boards.data ?? [];
  const selectedBoard = boardId !== null && (boardId === NO_BOARD || boardList.some((b) => b.id === boardId)) ? boardId : (boardList[0]?.id ?? NO_BOARD);

  const titleError = title.trim().length > PIN_TITLE_MAX ? tooLong(PIN_TITLE_MAX) : null;
  const descriptionError = description.trim().length > PIN_DESCRIPTION_MAX ? tooLong(PIN_DESCRIPTION_MAX) : null;
  const linkError = linkTouched && !isValidLink(link.trim()) ? MESSAGES.invalidUrl : null;
  const submitting = createImagePin.isPending || createVideoPin.isPending;

  const choose = (chosen: File | null | undefined) => {
    setFormError(null);
    if (!chosen) return;
    const problem = mediaFileProblem(chosen);
    if (problem) {
      setFileError(problem);
      return;
    }
    setFileError(null);
    setFile(chosen);
    setPreviewUrl(URL.createObjectURL(chosen));
  };

  const onFileChange = (event: ChangeEvent<HTMLInputElement>) => {
    choose(event.target.files?.[0]);
    event.target.value = '';
  };

  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragging(false);
    choose(event.dataTransfer.files[0]);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (submitting) return;
    setLinkTouched(true);
    if (!file) {
      setFileError(TEXTS.create.fileRequired);
      return;
    }
    if (titleError || descriptionError || !isValidLink(link.trim())) return;
    const video = isVideoFile(file);
    setProgress(video ? 0 : null);
    const input = {
      board_id: selectedBoard || undefined,
      title: title.trim() || undefined,
      description: description.trim() || undefined,
      link: link.trim() ? normalizeLink(link) : undefined,
      alt_text: altText.trim() || undefined,
    };
    const settle = {
      onSuccess: (pin: Pin) => {
        setProgress(null);
        showToast(pin.is_video ? TEXTS.create.videoPublished : TEXTS.create.published, { thumbnailUrl: pin.images['236x']?.url });
        void navigate(`/pin/${pin.id}/`);
      },
      onError: (error: unknown) => {
        setProgress(null);
        const message = isApiError(error) && error.fullMessage ? error.fullMessage : TEXTS.genericError;
        if (isApiError(error) && (error.field === 'image' || error.field === 'video')) {
          setFileError(message);
        } else {
          setFormError(message);
        }
      },
    };
    if (video) createVideoPin.mutate({ input: captions ? { ...input, captions } : input, video: file, onProgress: setProgress }, settle);
    else createImagePin.mutate({ input, image: file }, settle);
  };

  return (
    <div className={styles.page}>
      <h1 className={styles.heading}>{TEXTS.create.heading}</h1>
      {acting && <p>{TEXTS.business.creatingAs(acting.businessName)}</p>}
      <form className={styles.layout} onSubmit={submit} noValidate>
        <div>
          {previewUrl && file ? (
            <div className={styles.preview}>
              {isVideoFile(file) ? (
                <video className={styles.previewImage} src={previewUrl} aria-label={TEXTS.create.videoPreview} muted playsInline controls />
              ) : (
                <img className={styles.previewImage} src={previewUrl} alt={TEXTS.create.previewAlt} />
              )}
              {progress !== null && (
                <div className={styles.progress}>
                  <progress max={100} value={Math.round(progress * 100)} aria-label={TEXTS.create.uploadProgress} />
                  <span aria-live="polite">{TEXTS.create.uploading(Math.round(progress * 100))}</span>
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
                onChange={onFileChange}
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
                onChange={onFileChange}
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
          <TextInput
            label={TEXTS.create.titleLabel}
            name="title"
            placeholder={TEXTS.create.titlePlaceholder}
            value={title}
            onChange={(event) => setTitle(event.target.value)}
            error={titleError}
          />
          <TextArea
            label={TEXTS.create.descriptionLabel}
            name="description"
            placeholder={TEXTS.create.descriptionPlaceholder}
            rows={3}
            value={description}
            onChange={(event) => setDescription(event.target.value)}
            error={descriptionError}
          />
          <TextInput
            label={TEXTS.create.linkLabel}
            name="link"
            type="url"
            inputMode="url"
            autoCapitalize="none"
            spellCheck={false}
            placeholder={TEXTS.create.linkPlaceholder}
            value={link}
            onChange={(event) => setLink(event.target.value)}
            onBlur={() => setLinkTouched(true)}
            onFocus={() => setLinkTouched(false)}
            error={linkError}
          />
          <TextInput
            label={TEXTS.create.altLabel}
            name="alt_text"
            placeholder={TEXTS.create.altPlaceholder}
            value={altText}
            onChange={(event) => setAltText(event.target.value)}
          />
          {file && isVideoFile(file) && <CaptionsFields current={null} value={captions} onChange={setCaptions} disabled={submitting} />}
          <div className={styles.boardRow}>
            <Select
              label={TEXTS.create.boardLabel}
              name="board"
              value={selectedBoard}
              disabled={boards.isPending}
              onChange={(event) => setBoardId(event.target.value)}
            >
              {boards.isPending && <option value={selectedBoard}>{TEXTS.loading}</option>}
              {boardList.map((board) => (
                <option key={board.id} value={board.id}>
                  {board.name}
                </option>
              ))}
              <option value={NO_BOARD}>{TEXTS.create.noBoard}</option>
            </Select>
            {boards.isSuccess && boardList.length === 0 && (
              <p className={styles.noBoards}>
                {TEXTS.create.noBoardsYet}
                <Button
                  variant="secondary"
                  size="small"
                  onPress={() => openCreateBoard({ stayOnPage: true, onCreated: (board) => setBoardId(board.id) })}
                >
                  {TEXTS.profile.createBoard}
                </Button>
              </p>
            )}
          </div>
          <div className={styles.submitRow}>
            <Button type="submit" variant="primary" size="large" isDisabled={submitting}>
              {submitting ? TEXTS.create.publishing : TEXTS.create.publish}
            </Button>
          </div>
        </div>
      </form>
    </div>
  );
}
