import { describe, expect, it } from 'vitest';
import type { Advertiser } from './ads.api';
import { nextStep, promotingAccounts, quickPromoteErrorOf, quickPromotePayload, stepAfterReview, type QuickPromoteValues } from './quickPromote';

const values: QuickPromoteValues = {
  name: 'Spring',
  destination_url: ' https://shop.example/ ',
  budget: 7.5,
  duration: 10.9,
  inclusive_end_date: '2026-12-01',
  is_ongoing: false,
  advertiser_id: '1',
  pin_id: '2',
  country: 'US',
  ages: [],
  genders: [],
  interests: [],
  auto_targeting: true,
};

describe('quick promote', () => {
  it('orders the steps after review as docs/product/logged-out-and-business.md §4 says', () => {
    const s = { modalError: false, businessValid: true, billingValid: true, onDedicatedPage: false };
    expect(stepAfterReview({ ...s, modalError: true })).toBe('error');
    expect(stepAfterReview(s)).toBe('success');
    expect(stepAfterReview({ ...s, billingValid: false })).toBe('billing_form');
    expect(stepAfterReview({ ...s, businessValid: false, billingValid: false })).toBe('business_form');
    expect(stepAfterReview({ ...s, businessValid: false, onDedicatedPage: true })).toBeNull();
    expect(nextStep('pin_selection')).toBe('business_form');
    expect(nextStep('error')).toBeNull();
  });

  it('builds the payload: micro budget, integer duration, end date only when not ongoing, the name cut at 64', () => {
    const p = quickPromotePayload(values);
    expect(p).toMatchObject({
      budget_in_micro_currency: 7_500_000,
      duration: 10,
      inclusive_end_date: '2026-12-01',
      start_now: true,
      destination_url: 'https://shop.example/',
    });
    expect(quickPromotePayload({ ...values, is_ongoing: true })).not.toHaveProperty('inclusive_end_date');
    expect(quickPromotePayload({ ...values, inclusive_end_date: '  ' })).not.toHaveProperty('inclusive_end_date');
    expect(quickPromotePayload({ ...values, name: 'x'.repeat(63) }).campaign_name).toHaveLength(63);
    expect(quickPromotePayload({ ...values, name: 'x'.repeat(64) }).campaign_name).toBe(`${'x'.repeat(62)}…`);
    const conversion = quickPromotePayload({ ...values, objective_type: 'WEB_CONVERSION', conversion_tag: { id: '9', event: 'checkout' } });
    expect(conversion.optimization_goal_metadata).toEqual({ conversion_tag_id: '9', conversion_event: 'checkout' });
  });

  it('puts errors in the Pin area for 401 and the modal otherwise, showing message_detail', () => {
    expect(quickPromoteErrorOf({ httpStatus: 401, message: 'm', messageDetail: 'Log in' })).toEqual({ area: 'pin', message: 'Log in' });
    expect(quickPromoteErrorOf({ httpStatus: 400, message: 'm', messageDetail: 'Too low' })).toEqual({ area: 'modal', message: 'Too low' });
    expect(quickPromoteErrorOf({ httpStatus: 401, message: 'm', messageDetail: '' })).toEqual({ area: 'modal', message: 'm' });
  });
});

describe('promotingAccounts', () => {
  const account = (id: string, owner: string, role: string, mine = false): Advertiser => ({
    id,
    owner_user_id: owner,
    name: id,
    country: 'US',
    currency: 'USD',
    is_impersonation: !mine,
    role,
    created_at: '2026-01-01T00:00:00Z',
  });
  const own = account('own', 'me', 'OWNER', true);
  const shop = account('shop', 'b1', 'ADMIN');
  const other = account('other', 'b2', 'ADMIN');
  const viewOnly = account('view', 'b3', 'ANALYST');
  const publisher = account('pub', 'b4', 'PROFILE_PUBLISHER');
  it('offers the accounts whose role allows quick promote, the acting business first, then the Pin owner’s, then the own', () => {
    const ids = (o: { actingAsId: string | null; pinOwnerId: string }) => promotingAccounts([other, viewOnly, own, publisher, shop], o).map((a) => a.id);
    expect(ids({ actingAsId: 'b1', pinOwnerId: 'b1' })).toEqual(['shop', 'own', 'other']);
    expect(ids({ actingAsId: null, pinOwnerId: 'b2' })).toEqual(['other', 'own', 'shop']);
    expect(ids({ actingAsId: null, pinOwnerId: 'me' })).toEqual(['own', 'other', 'shop']);
    expect(promotingAccounts([viewOnly, publisher], { actingAsId: 'b3', pinOwnerId: 'b3' })).toEqual([]);
  });
});
