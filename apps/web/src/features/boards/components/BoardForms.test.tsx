import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { BOARD_DESCRIPTION_MAX, BOARD_NAME_MAX, SECTION_TITLE_MAX } from '@pinboard/shared/constants/limits';
import { interpolate } from '@pinboard/shared/text/interpolate';
import { TEXTS } from '../../../lib/allTexts';
import { MESSAGES } from '../../../lib/messages';
import { renderInApp, type Answer, type SentRequest } from '../../../lib/renderInApp';
import type { Board, Section } from '../boards.api';
import { BoardEditDialog } from './BoardEditDialog';
import { CreateBoardForm } from './CreateBoardDialog';
import { CreateSectionForm } from './CreateSectionForm';
import { SectionEditDialog } from './SectionEditDialog';

const board: Board = {
  id: '300',
  name: 'Kitchens',
  url: '/ana/kitchens/',
  slug: 'kitchens',
  description: 'Warm ones',
  privacy: 'public',
  owner: { id: '10', username: 'ana', full_name: 'Ana', image_medium_url: null },
  image_cover_url: null,
  cover_images: null,
  cover_dominant_color: null,
  pin_count: 0,
  section_count: 1,
  type: 'board',
  category: 'other',
  is_collaborative: false,
  collaborated_by_me: false,
  is_owner: true,
  collab_board_email: false,
  collaborator_invites_enabled: true,
  allow_homefeed_recommendations: true,
  is_sensitive: false,
  is_ads_only: false,
  profileGroup: 'public',
  onProfile: true,
  archived_by_me_at: null,
  board_order_modified_at: '2026-01-01T00:00:00Z',
  created_at: '2026-01-01T00:00:00Z',
  followed_by_me: false,
  follower_count: 0,
  // What the server's board read says its owner may do (decision 080): the edit form is the owner's.
  can: { edit: true, delete: true, invite: true, add_pins: true },
};

const section: Section = {
  id: '700',
  section_id: '700',
  board_id: '300',
  title: 'Islands',
  slug: 'islands',
  type: 'boardsection',
  url: '/ana/kitchens/islands/',
  position: 0,
  pin_count: 3,
  preview_pins: [],
  can: { edit: true, delete: true },
};

const tooLong = (maxLength: number) => interpolate(MESSAGES.board.tooLong, { maxLength });
const button = (name: string) => screen.getByRole('button', { name });
const input = (label: string) => screen.getByLabelText(label, { exact: true }) as HTMLInputElement;

/** The server: the board or section sent back as saved; everything else unknown. */
const server = (r: SentRequest): Answer | undefined => {
  if (r.path === '/resource/BoardResource/create/') return { data: { ...board, id: '301', ...r.body } };
  if (r.path === '/resource/BoardResource/update/') return { data: { ...board, ...r.body } };
  if (r.path === '/resource/BoardSectionResource/create/' || r.path === '/resource/BoardSectionResource/update/') return { data: { ...section, ...r.body } };
  return undefined;
};

describe('CreateBoardForm', () => {
  const open = (answer: (r: SentRequest) => Answer | undefined = server) => {
    const onCreated = vi.fn();
    const view = renderInApp(<CreateBoardForm source="profile" navigateOnCreate={false} onCancel={() => undefined} onCreated={onCreated} />, answer);
    return { ...view, onCreated };
  };

  it('keeps Create off until a name is typed; the required message only after typing and clearing', async () => {
    const { user } = open();
    expect(button(TEXTS.board.create)).toHaveProperty('disabled', true);
    expect(screen.queryByText(MESSAGES.board.nameRequired)).toBeNull();
    await user.type(input(TEXTS.board.nameLabel), 'x');
    expect(button(TEXTS.board.create)).toHaveProperty('disabled', false);
    await user.clear(input(TEXTS.board.nameLabel));
    expect(screen.getByText(MESSAGES.board.nameRequired)).toBeTruthy();
    expect(button(TEXTS.board.create)).toHaveProperty('disabled', true);
  });

  it('says when the name or the description is too long', async () => {
    const { user } = open();
    await user.click(input(TEXTS.board.nameLabel));
    await user.paste('n'.repeat(BOARD_NAME_MAX + 1));
    expect(screen.getByText(tooLong(BOARD_NAME_MAX))).toBeTruthy();
    await user.clear(input(TEXTS.board.nameLabel));
    await user.type(input(TEXTS.board.nameLabel), 'Ok');
    await user.click(input(TEXTS.board.descriptionLabel));
    await user.paste('d'.repeat(BOARD_DESCRIPTION_MAX + 1));
    expect(screen.getByText(tooLong(BOARD_DESCRIPTION_MAX))).toBeTruthy();
    expect(button(TEXTS.board.create)).toHaveProperty('disabled', true);
  });

  it('sends the trimmed name, the description and the privacy chosen', async () => {
    const { user, sent, onCreated } = open();
    await user.type(input(TEXTS.board.nameLabel), '  Porches  ');
    await user.type(input(TEXTS.board.descriptionLabel), 'Deep ones');
    await user.click(screen.getByLabelText(MESSAGES.board.keepSecret, { exact: false }));
    await user.keyboard('{Enter}');
    await waitFor(() => expect(onCreated).toHaveBeenCalled());
    expect(sent.find((r) => r.path === '/resource/BoardResource/create/')?.body).toMatchObject({
      name: 'Porches',
      description: 'Deep ones',
      privacy: 'secret',
      aux_data: { source: 'profile' },
    });
  });

  it("shows the server's name error under the name, until the name changes", async () => {
    const { user } = open((r) =>
      r.path === '/resource/BoardResource/create/' ? { status: 400, error: { message: 'You already have a board with that name.', field: 'name' } } : undefined,
    );
    await user.type(input(TEXTS.board.nameLabel), 'Kitchens');
    await user.click(button(TEXTS.board.create));
    await waitFor(() => expect(screen.getByText('You already have a board with that name.')).toBeTruthy());
    expect(button(TEXTS.board.create)).toHaveProperty('disabled', true);
    await user.type(input(TEXTS.board.nameLabel), '2');
    expect(screen.queryByText('You already have a board with that name.')).toBeNull();
    expect(button(TEXTS.board.create)).toHaveProperty('disabled', false);
  });
});

describe("BoardEditDialog's owner form", () => {
  it('checks the name at once and sends only what changed', async () => {
    const { user, sent } = renderInApp(<BoardEditDialog board={board} isOpen onOpenChange={() => undefined} />, server);
    const name = input(TEXTS.board.nameLabel);
    await user.clear(name);
    expect(screen.getByText(MESSAGES.board.nameRequired)).toBeTruthy();
    expect(button(TEXTS.editBoard.save)).toHaveProperty('disabled', true);
    await user.type(name, ' Kitchen ideas ');
    await user.click(screen.getByLabelText(TEXTS.editBoard.sensitiveLabel, { exact: false }));
    await user.click(button(TEXTS.editBoard.save));
    await waitFor(() => expect(sent.some((r) => r.path === '/resource/BoardResource/update/')).toBe(true));
    expect(sent.find((r) => r.path === '/resource/BoardResource/update/')?.body).toEqual({ board_id: '300', name: 'Kitchen ideas', is_sensitive: true });
  });
});

describe('SectionEditDialog', () => {
  it('checks the title like the server and sends it trimmed; an unchanged title closes without a call', async () => {
    const onOpenChange = vi.fn();
    const { user, sent } = renderInApp(<SectionEditDialog board={board} section={section} isOpen onOpenChange={onOpenChange} />, server);
    const title = input(TEXTS.sectionEdit.nameLabel);
    await user.clear(title);
    expect(screen.getByText(MESSAGES.validation.sectionNameRequired)).toBeTruthy();
    expect(button(TEXTS.sectionEdit.save)).toHaveProperty('disabled', true);
    await user.paste('t'.repeat(SECTION_TITLE_MAX + 1));
    expect(screen.getByText(tooLong(SECTION_TITLE_MAX))).toBeTruthy();
    await user.clear(title);
    await user.type(title, 'Islands');
    await user.click(button(TEXTS.sectionEdit.save));
    expect(onOpenChange).toHaveBeenCalledWith(false);
    expect(sent.filter((r) => r.path.startsWith('/resource/BoardSectionResource/'))).toEqual([]);
  });

  it('sends a new title trimmed', async () => {
    const { user, sent } = renderInApp(<SectionEditDialog board={board} section={section} isOpen onOpenChange={() => undefined} />, server);
    const title = input(TEXTS.sectionEdit.nameLabel);
    await user.clear(title);
    await user.type(title, ' Pantries {Enter}');
    await waitFor(() => expect(sent.find((r) => r.path === '/resource/BoardSectionResource/update/')?.body).toEqual({ section_id: '700', title: 'Pantries' }));
  });
});

describe('CreateSectionForm', () => {
  it('shows the required message once a typed title is cleared, and sends a typed one trimmed', async () => {
    const onCreated = vi.fn();
    const { user, sent } = renderInApp(<CreateSectionForm boardId="300" onCancel={() => undefined} onCreated={onCreated} />, server);
    expect(screen.queryByText(MESSAGES.validation.sectionNameRequired)).toBeNull();
    expect(button(TEXTS.picker.create)).toHaveProperty('disabled', true);
    await user.type(input(TEXTS.picker.sectionName), ' ');
    expect(screen.getByText(MESSAGES.validation.sectionNameRequired)).toBeTruthy();
    await user.clear(input(TEXTS.picker.sectionName));
    await user.type(input(TEXTS.picker.sectionName), 'Islands ');
    await user.click(button(TEXTS.picker.create));
    await waitFor(() => expect(onCreated).toHaveBeenCalled());
    expect(sent.find((r) => r.path === '/resource/BoardSectionResource/create/')?.body).toMatchObject({ board_id: '300', title: 'Islands' });
  });
});
