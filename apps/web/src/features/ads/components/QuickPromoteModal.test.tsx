import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { TEXTS } from '../../../lib/allTexts';
import type { Pin } from '../../../lib/answers';
import { renderInApp, type Answer, type SentRequest } from '../../../lib/renderInApp';
import type { Advertiser } from '../ads.api';
import { QuickPromoteModal } from './QuickPromoteModal';

const T = TEXTS.ads;

const pin: Pin = {
  id: '501',
  title: 'Linen curtains',
  description: '',
  link: 'https://shop.example/curtains',
  alt_text: null,
  images: {},
  dominant_color: '#eeeeee',
  width: 600,
  height: 900,
  pinner: { id: '77', username: 'shop', full_name: 'Shop', image_medium_url: null },
  board: null,
  repin_count: 0,
  comment_count: 0,
  comments_enabled: true,
  created_at: '2026-01-01T00:00:00Z',
  type: 'pin',
  method: 'uploaded',
  is_repin: false,
  is_video: false,
  video_status: null,
  video_failure_reason: null,
  videos: null,
  story_pin_data: null,
  embed_type: null,
  pinned_to_board: null,
  section_id: null,
  privacy: 'public',
};

const account = (o: Partial<Advertiser>): Advertiser => ({
  id: '900',
  owner_user_id: '77',
  name: 'Shop ads',
  country: 'US',
  currency: 'USD',
  is_impersonation: false,
  role: 'OWNER',
  created_at: '2026-01-01T00:00:00Z',
  ...o,
});

/** The server: the ad accounts given, no interest categories, a new account and a campaign made on request. */
const server =
  (accounts: Advertiser[], promote: (r: SentRequest) => Answer | undefined = () => ({ data: { campaign_id: '3001', ad_group_id: '1', ad_id: '2' } })) =>
  (r: SentRequest) => {
    if (r.path === '/resource/AdvertiserResource/get/') return { data: accounts };
    if (r.path === '/resource/InterestsResource/get/') return { data: [] };
    if (r.path === '/resource/AdvertiserResource/create/') return { data: account({ id: '901', ...r.body }) };
    if (r.path.endsWith('/quick_promote/')) return promote(r);
    return undefined;
  };

/** Types over what the field shows (a blank budget or duration shows the country's default). */
async function retype(user: ReturnType<typeof renderInApp>['user'], input: HTMLInputElement, text: string) {
  await user.type(input, text, { initialSelectionStart: 0, initialSelectionEnd: input.value.length });
}

const next = () => screen.getByRole('button', { name: T.next });
const field = (label: string) => screen.getByLabelText(label, { exact: true });

function open(accounts: Advertiser[], promote?: Parameters<typeof server>[1]) {
  return renderInApp(<QuickPromoteModal isOpen onOpenChange={() => undefined} pin={pin} businessName="Linen & Co" />, server(accounts, promote));
}

describe('QuickPromoteModal', () => {
  it('asks for a new ad account on the business step: Next needs a name, the country sets the currency', async () => {
    const { user } = open([]);
    await user.click(next());
    expect(screen.getByRole('heading', { name: T.businessHeading })).toBeTruthy();
    const name = field(T.accountName) as HTMLInputElement;
    expect(name.value).toBe('Linen & Co');
    await user.clear(name);
    expect(next()).toHaveProperty('disabled', true);
    await user.type(name, '   ');
    expect(next()).toHaveProperty('disabled', true);
    await user.type(name, 'Linen');
    expect(next()).toHaveProperty('disabled', false);

    await user.selectOptions(field(T.country), 'GB');
    expect((field(T.currency) as HTMLSelectElement).value).toBe('GBP');
    expect((field(T.targetCountry) as HTMLSelectElement).value).toBe('GB');
  });

  it('checks budget, duration and end date on the billing step with their messages', async () => {
    const { user } = open([account({})]);
    await user.click(next());
    await waitFor(() => expect(screen.getByText(T.accountHeading({ name: 'Shop ads', currency: 'USD', country: 'United States' }))).toBeTruthy());
    await user.click(next());
    expect(screen.getByRole('heading', { name: T.billingHeading })).toBeTruthy();
    expect(next()).toHaveProperty('disabled', false);

    const budget = field(T.dailyBudget({ currency: 'USD' })) as HTMLInputElement;
    expect(budget.value).toBe('7');
    await retype(user, budget, '2');
    expect(screen.getByText(T.budgetTooLow({ min: 3, currency: 'USD' }))).toBeTruthy();
    expect(next()).toHaveProperty('disabled', true);
    await retype(user, budget, '2000000');
    expect(screen.getByText(T.budgetTooHigh({ max: 1_000_000 }))).toBeTruthy();
    await retype(user, budget, '12.5');
    expect(screen.queryByRole('alert')).toBeNull();

    const duration = field(T.duration) as HTMLInputElement;
    await retype(user, duration, '366');
    expect(screen.getByText(T.durationTooLong({ max: 365 }))).toBeTruthy();
    expect(next()).toHaveProperty('disabled', true);
    await retype(user, duration, '14');

    const end = field(T.endDate) as HTMLInputElement;
    await user.type(end, '2000-01-01');
    expect(screen.getByText(T.endBeforeStart)).toBeTruthy();
    expect(next()).toHaveProperty('disabled', true);
    await user.click(field(T.ongoing));
    expect(screen.queryByText(T.endBeforeStart)).toBeNull();
    expect(next()).toHaveProperty('disabled', false);

    const name = field(T.campaignName) as HTMLInputElement;
    await user.clear(name);
    expect(next()).toHaveProperty('disabled', true);
    await user.type(name, 'Spring');
    expect(next()).toHaveProperty('disabled', false);
  });

  it('needs a conversion tag of a numeric id for a web-conversion ad', async () => {
    const { user } = open([account({})]);
    await user.click(next());
    await waitFor(() => expect(screen.getByText(T.accountHeading({ name: 'Shop ads', currency: 'USD', country: 'United States' }))).toBeTruthy());
    await user.click(next());
    await user.selectOptions(field(T.objective), 'WEB_CONVERSION');
    expect(next()).toHaveProperty('disabled', true);
    await user.click(screen.getByRole('button', { name: T.chooseTag }));
    const tagDialog = screen.getByRole('dialog', { name: T.tagHeading });
    const use = within(tagDialog).getByRole('button', { name: T.useTag });
    expect(use).toHaveProperty('disabled', true);
    const tagId = within(tagDialog).getByLabelText(T.tagId);
    await user.type(tagId, '12a');
    expect(use).toHaveProperty('disabled', true);
    await user.clear(tagId);
    await user.type(tagId, '4455');
    expect(use).toHaveProperty('disabled', false);
    await user.click(use);
    await waitFor(() => expect(screen.getByText(`${T.conversionTag}: 4455 · checkout`)).toBeTruthy());
    expect(next()).toHaveProperty('disabled', false);
  });

  it('shows the GDPR notice once before billing for a target in the EU', async () => {
    const { user } = open([account({})]);
    await user.click(next());
    await waitFor(() => expect(screen.getByText(T.accountHeading({ name: 'Shop ads', currency: 'USD', country: 'United States' }))).toBeTruthy());
    await user.selectOptions(field(T.targetCountry), 'FR');
    await user.click(next());
    await user.click(within(screen.getByRole('dialog', { name: T.gdprHeading })).getByRole('button', { name: T.gdprAgree }));
    expect(screen.getByRole('heading', { name: T.billingHeading })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: T.back }));
    await user.click(next());
    expect(screen.queryByRole('dialog', { name: T.gdprHeading })).toBeNull();
    expect(screen.getByRole('heading', { name: T.billingHeading })).toBeTruthy();
  });

  it('makes the new ad account, then submits the campaign as the form says', async () => {
    const { user, sent } = open([]);
    await user.click(next());
    await user.selectOptions(field(T.country), 'GB');
    await user.click(screen.getByLabelText('25-34'));
    await user.click(next());
    const budget = field(T.dailyBudget({ currency: 'GBP' })) as HTMLInputElement;
    expect(budget.value).toBe('5');
    await retype(user, budget, '8.25');
    await user.click(next());
    expect(screen.getByRole('heading', { name: T.reviewHeading })).toBeTruthy();
    expect(screen.getByText(T.reviewBudget({ amount: '8.25 GBP' }))).toBeTruthy();
    await user.click(screen.getByRole('button', { name: T.launch }));
    await waitFor(() => expect(screen.getByText(T.successBody)).toBeTruthy());

    expect(sent.find((r) => r.path === '/resource/AdvertiserResource/create/')?.body).toEqual({ name: 'Linen & Co', country: 'GB', currency: 'GBP' });
    const promoted = sent.find((r) => r.path.endsWith('/quick_promote/'));
    expect(promoted?.path).toBe('/ads/v4/advertisers/901/pins/501/quick_promote/');
    expect(promoted?.body).toMatchObject({
      budget_in_micro_currency: 8_250_000,
      campaign_name: 'Linen curtains',
      destination_url: 'https://shop.example/curtains',
      duration: 10,
      is_ongoing: false,
      auto_targeting_enabled: true,
      targeting_spec: { country: 'GB', ages: ['25-34'], genders: [], interests: [] },
      advertiser_id: '901',
      pin_id: '501',
      objective_type: 'CONSIDERATION',
    });
  });

  it("shows the server's message on the error step, and Try again goes back to billing", async () => {
    const { user } = open([account({})], () => ({
      status: 400,
      error: { message: 'Bad', message_detail: 'The budget is off.', field: 'budget_in_micro_currency' },
    }));
    await user.click(next());
    await waitFor(() => expect(screen.getByText(T.accountHeading({ name: 'Shop ads', currency: 'USD', country: 'United States' }))).toBeTruthy());
    await user.click(next());
    await user.click(next());
    await user.click(screen.getByRole('button', { name: T.launch }));
    await waitFor(() => expect(screen.getByText('The budget is off.')).toBeTruthy());
    await user.click(screen.getByRole('button', { name: T.tryAgain }));
    expect(screen.getByRole('heading', { name: T.billingHeading })).toBeTruthy();
  });
});
