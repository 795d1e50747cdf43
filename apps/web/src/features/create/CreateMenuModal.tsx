import { useId, useRef, useState, type ChangeEvent, type FormEvent, type ReactNode } from 'react';
import { Button as AriaButton } from 'react-aria-components';
import { useNavigate } from 'react-router';
import { MESSAGES } from '../../lib/messages';
import { isValidLink, normalizeLink } from '@pinboard/shared/text/links';
import type { CreateMenuSurface } from '../boards/CreateMenuContext';
import { Button } from '../../components/Button/Button';
import { FormError } from '../../components/Field/Field';
import { Icon, type IconName } from '../../components/Icon/AllIcons';
import { Modal } from '../../components/Modal/Modal';
import { actingMayPublish, useSessionActing } from '../../lib/actingProfile';
import { TEXTS } from '../../lib/allTexts';
import { ACCEPTED_IMAGE_TYPES, fileProblem } from '../../lib/upload';
import { useViewportWidth } from '../../lib/useViewportWidth';
import { isPublishingDisabled } from '../session/publishing';
import { useViewer } from '../session/session.queries';
import styles from './CreateMenu.module.css';
import { DisabledPublishingModal } from './DisabledPublishingModal';
import { keepPhotoDraft, readAsDataUrl, rememberBuilderLink, type PinBuilderState, type UploadedPinState } from './pinDraft';

/** Below this window width the link field's placeholder is the short one (docs/product/logged-out-and-business.md §9). */
export const NARROW_LINK_PLACEHOLDER_WIDTH = 380;

export function createMenuHeading(viewType: CreateMenuSurface['viewType']): string {
  switch (viewType) {
    case 'board':
      return MESSAGES.createMenu.addPinOrSection;
    case 'section':
      return MESSAGES.createMenu.addToSection;
    case 'addToProfile':
      return MESSAGES.createMenu.addToProfile;
    case 'home':
    case 'profile':
      return MESSAGES.createMenu.addPinOrBoard;
  }
}

export interface CreateMenuModalProps {
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  surface: CreateMenuSurface;
  onCreateBoard: () => void;
}

/**
 * The create menu (docs/product/logged-out-and-business.md §2, §4): a Create group (Website
 * link, Photo, Idea Pin) and an Add group (Board, or Section on a board), and Close.
 * While the pin_creation experiment disables publishing, Website and Photo
 * open the disabled-publishing modal instead, and Idea Pin is not offered; nor
 * is it while the session acts as a business it may not publish for (decision 059).
 */
export function CreateMenuModal({ isOpen, onOpenChange, surface, onCreateBoard }: CreateMenuModalProps) {
  const [disabledOpen, setDisabledOpen] = useState(false);
  return (
    <>
      <Modal isOpen={isOpen} onOpenChange={onOpenChange} title={createMenuHeading(surface.viewType)}>
        {(close) => (
          <CreateMenuBody
            surface={surface}
            close={close}
            onDisabled={() => {
              close();
              setDisabledOpen(true);
            }}
            onCreateBoard={() => {
              close();
              onCreateBoard();
            }}
          />
        )}
      </Modal>
      <DisabledPublishingModal isOpen={disabledOpen} onOpenChange={setDisabledOpen} />
    </>
  );
}

function CreateMenuBody({
  surface,
  close,
  onDisabled,
  onCreateBoard,
}: {
  surface: CreateMenuSurface;
  close: () => void;
  onDisabled: () => void;
  onCreateBoard: () => void;
}) {
  const navigate = useNavigate();
  const { data: viewer } = useViewer();
  const disabled = isPublishingDisabled(viewer);
  const offersIdeaPin = !disabled && actingMayPublish(useSessionActing());
  const [linkOpen, setLinkOpen] = useState(false);
  const [fileError, setFileError] = useState<string | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const createId = useId();
  const addId = useId();
  const target = { boardId: surface.board?.id, sectionId: surface.section?.id };

  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const problem = fileProblem(file);
    if (problem) {
      setFileError(problem);
      return;
    }
    try {
      const imageBase64 = await readAsDataUrl(file);
      const state: UploadedPinState = { imageBase64, description: '', imageUrl: '', method: 'uploaded', ...target };
      close();
      // The photo's page has an address of its own: a reload, Back and Forward reopen it.
      const draft = keepPhotoDraft(state);
      void navigate(draft ? `/pin/create/uploaded/?draft=${draft}` : '/pin/create/uploaded/', { state });
    } catch {
      setFileError(TEXTS.genericError);
    }
  };

  return (
    <div className={styles.body}>
      {fileError && <FormError>{fileError}</FormError>}
      <section aria-labelledby={createId}>
        <h3 id={createId} className={styles.groupHeading}>
          {TEXTS.createMenu.createGroup}
        </h3>
        <ul className={styles.items}>
          <li>
            <MenuItem
              icon="link"
              label={TEXTS.createMenu.website}
              help={TEXTS.createMenu.websiteHelp}
              expanded={linkOpen}
              onPress={() => (disabled ? onDisabled() : setLinkOpen((open) => !open))}
            />
            {linkOpen && !disabled && (
              <LinkForm
                onSubmit={(link) => {
                  rememberBuilderLink(link);
                  const state: PinBuilderState = { link, ...target };
                  close();
                  void navigate('/pin-builder/', { state });
                }}
              />
            )}
          </li>
          <li>
            <MenuItem
              icon="image"
              label={TEXTS.createMenu.photo}
              help={TEXTS.createMenu.photoHelp}
              onPress={() => {
                setFileError(null);
                if (disabled) onDisabled();
                else fileInput.current?.click();
              }}
            />
            <input
              ref={fileInput}
              type="file"
              accept={ACCEPTED_IMAGE_TYPES.join(',')}
              className="visually-hidden"
              tabIndex={-1}
              aria-hidden="true"
              onChange={(event) => void onFile(event)}
            />
          </li>
          {offersIdeaPin && (
            <li>
              <MenuItem
                icon="pages"
                label={TEXTS.createMenu.ideaPin}
                help={TEXTS.createMenu.ideaPinHelp}
                onPress={() => {
                  close();
                  void navigate(target.boardId ? `/idea-pin-builder/?board_id=${target.boardId}` : '/idea-pin-builder/');
                }}
              />
            </li>
          )}
        </ul>
      </section>
      <section aria-labelledby={addId}>
        <h3 id={addId} className={styles.groupHeading}>
          {TEXTS.createMenu.addGroup}
        </h3>
        <ul className={styles.items}>
          <li>
            {surface.viewType === 'board' && surface.board ? (
              <MenuItem
                icon="section"
                label={TEXTS.createMenu.section}
                help={TEXTS.createMenu.sectionHelp}
                onPress={() => {
                  close();
                  void navigate(`/board/${surface.board?.id ?? ''}/create_section/`);
                }}
              />
            ) : (
              <MenuItem icon="board" label={TEXTS.createMenu.board} help={TEXTS.createMenu.boardHelp} onPress={onCreateBoard} />
            )}
          </li>
        </ul>
      </section>
    </div>
  );
}

function MenuItem({ icon, label, help, expanded, onPress }: { icon: IconName; label: string; help: ReactNode; expanded?: boolean; onPress: () => void }) {
  return (
    <AriaButton className={styles.item} onPress={onPress} aria-expanded={expanded}>
      <span className={styles.itemIcon} aria-hidden="true">
        <Icon name={icon} size={22} />
      </span>
      <span className={styles.itemText}>
        <span className={styles.itemLabel}>{label}</span>
        <span className={styles.itemHelp}>{help}</span>
      </span>
    </AriaButton>
  );
}

/**
 * The inline link field: validated with isValidLink; an invalid link shows
 * 'Oops! Please enter a valid URL.' in a flyout under the field until the
 * field is focused again.
 */
function LinkForm({ onSubmit }: { onSubmit: (link: string) => void }) {
  const width = useViewportWidth();
  const [link, setLink] = useState('');
  const [error, setError] = useState<string | null>(null);
  const fieldId = useId();
  const errorId = useId();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const value = link.trim();
    if (value === '' || !isValidLink(value)) {
      setError(MESSAGES.invalidUrl);
      return;
    }
    onSubmit(normalizeLink(value));
  };

  return (
    <form className={styles.linkForm} onSubmit={submit} noValidate>
      <label htmlFor={fieldId} className="visually-hidden">
        {TEXTS.createMenu.linkLabel}
      </label>
      <div className={styles.linkRow}>
        <div className={styles.linkField}>
          <input
            id={fieldId}
            className={styles.linkInput}
            type="url"
            inputMode="url"
            autoCapitalize="none"
            autoComplete="url"
            spellCheck={false}
            autoFocus
            placeholder={width < NARROW_LINK_PLACEHOLDER_WIDTH ? TEXTS.createMenu.linkPlaceholderShort : TEXTS.createMenu.linkPlaceholder}
            value={link}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
            onFocus={() => setError(null)}
            onChange={(event) => setLink(event.target.value)}
          />
          {error && (
            <div id={errorId} className={styles.flyout} role="alert">
              <Icon name="alert" size={16} />
              <span>{error}</span>
            </div>
          )}
        </div>
        <Button type="submit" variant="primary">
          {TEXTS.createMenu.next}
        </Button>
      </div>
    </form>
  );
}
