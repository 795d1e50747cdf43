/**
 * Quick promote (docs/product/logged-out-and-business.md §2, §4, §5, §7, §8, §9): the Pin,
 * the business (the ad account and who to reach), budget and schedule,
 * review, then success or error; the conversion-tag and GDPR modals open
 * from the steps that need them. The modal's layout follows the viewport classes of
 * docs/product/logged-out-and-business.md §9 (narrow, medium, wide).
 */
import { useState } from 'react';
import { Link } from 'react-router';
import {
  AD_AGE_GROUPS,
  AD_COUNTRIES,
  AD_GENDERS,
  OBJECTIVE_TYPES,
  QUICK_PROMOTE_MAX_BUDGET,
  QUICK_PROMOTE_MAX_DURATION_DAYS,
  currenciesOf,
  defaultCurrencyOf,
  defaultDailyBudgetOf,
  defaultDurationOf,
  quickPromoteViewportOf,
  type ObjectiveType,
} from '@pinboard/shared/constants/ads';
import { isEuMemberState } from '@pinboard/shared/constants/euMemberStates';
import { Button } from '../../../components/Button/Button';
import { Checkbox, FormError, Select, TextInput } from '../../../components/Field/Field';
import { Modal } from '../../../components/Modal/Modal';
import { isApiError } from '../../../lib/api';
import { TEXTS } from '../../../lib/allTexts';
import { countryName } from '../../../lib/countryNames';
import type { Pin } from '../../../lib/answers';
import { firstImage, pinTitle } from '../../../lib/pinText';
import { useSchemaForm } from '../../../lib/schemaForm';
import { useViewportWidth } from '../../../lib/useViewportWidth';
import { useAdvertisers, useCreateAdvertiser, useInterestCategories, useQuickPromote } from '../ads.queries';
import type { Advertiser } from '../ads.api';
import {
  promotingAccounts,
  quickPromoteErrorOf,
  quickPromoteFigures,
  quickPromoteFormOf,
  quickPromoteFormSchema,
  quickPromotePayload,
  quickPromoteStepsValid,
  stepAfterReview,
  zConversionTag,
  type QuickPromoteForm,
  type QuickPromoteStep,
} from '../quickPromote';
import styles from './QuickPromote.module.css';

const T = TEXTS.ads;
const today = () => new Date().toISOString().slice(0, 10);
const plusDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

export interface QuickPromoteModalProps {
  isOpen: boolean;
  onOpenChange: (open: boolean) => void;
  pin: Pin;
  /** The business's name, for a new ad account. */
  businessName: string;
  /** The business the person acts as (the header's switcher): its ad account is offered first. */
  actingAsId?: string | null;
  /** Errors of the 'pin' area (a 401): shown on the Pin's page. */
  onPinAreaError?: (message: string) => void;
}

const STEP_LABELS: Partial<Record<QuickPromoteStep, string>> = {
  pin_selection: T.stepPin,
  business_form: T.stepBusiness,
  billing_form: T.stepBilling,
  review: T.stepReview,
};

export function QuickPromoteModal({ isOpen, onOpenChange, pin, businessName, actingAsId = null, onPinAreaError }: QuickPromoteModalProps) {
  const viewport = quickPromoteViewportOf(useViewportWidth());
  const advertisers = useAdvertisers(isOpen);
  // The accounts the person may promote with (their role allows it; decision 043): the business they act as first.
  const accounts = promotingAccounts(advertisers.data ?? [], { actingAsId, pinOwnerId: pin.pinner.id });
  const createAccount = useCreateAdvertiser();
  const promote = useQuickPromote();
  const categories = useInterestCategories(isOpen);

  const [step, setStep] = useState<QuickPromoteStep>('pin_selection');
  // The business and billing fields, checked by the shared ad schemas (decision 083).
  const accountOf = (id: string | null): Advertiser | null => accounts.find((a) => a.id === id) ?? accounts[0] ?? null;
  const form = useSchemaForm<QuickPromoteForm>(
    (values) => quickPromoteFormSchema(accountOf(values.accountId), today()),
    () => quickPromoteFormOf(pinTitle(pin) || TEXTS.pin.untitled, pin.link ?? '', businessName),
  );
  const f = form.values;
  const account = accountOf(f.accountId);
  const [gdpr, setGdpr] = useState<{ open: string | null; seen: ReadonlySet<string> }>(() => ({ open: null, seen: new Set() }));
  const [tagOpen, setTagOpen] = useState(false);
  // Outcome
  const [serverError, setServerError] = useState<{ message: string; field: string | null } | null>(null);
  const [made, setMade] = useState<{ advertiserId: string; campaignId: string } | null>(null);

  const { billingCountry, billingCurrency, targetCountry, minBudget, budget: budgetValue, duration: durationValue } = quickPromoteFigures(f, account);
  const { businessValid, billingValid } = quickPromoteStepsValid(form.issues);

  const close = () => {
    onOpenChange(false);
    setStep('pin_selection');
    setServerError(null);
  };

  function toBilling() {
    // The GDPR notice, once per target country in the EU.
    if (isEuMemberState(targetCountry) && !gdpr.seen.has(targetCountry)) {
      setGdpr({ ...gdpr, open: targetCountry });
      return;
    }
    setStep('billing_form');
  }

  async function submit() {
    setServerError(null);
    let advertiser = account;
    try {
      advertiser ??= await createAccount.mutateAsync({ name: f.accountName.trim(), country: f.accountCountry, currency: f.currency });
      const result = await promote.mutateAsync({
        advertiserId: advertiser.id,
        pinId: pin.id,
        payload: quickPromotePayload({
          name: f.name,
          destination_url: f.destination,
          budget: budgetValue,
          duration: durationValue,
          inclusive_end_date: f.endDate,
          is_ongoing: f.ongoing,
          advertiser_id: advertiser.id,
          pin_id: pin.id,
          country: targetCountry,
          ages: f.ages,
          genders: f.genders,
          interests: f.interests,
          auto_targeting: f.autoTargeting,
          objective_type: f.objective,
          conversion_tag: f.tag,
        }),
      });
      setMade({ advertiserId: advertiser.id, campaignId: result.campaign_id });
      setStep(stepAfterReview({ modalError: false, businessValid: true, billingValid: true, onDedicatedPage: false }) ?? 'review');
    } catch (err) {
      const failure = isApiError(err) ? quickPromoteErrorOf(err) : { area: 'modal' as const, message: String(err) };
      if (failure.area === 'pin') {
        close();
        onPinAreaError?.(failure.message);
        return;
      }
      setServerError({ message: failure.message, field: isApiError(err) ? err.field : null });
      setStep(stepAfterReview({ modalError: true, businessValid, billingValid, onDedicatedPage: false }) ?? 'error');
    }
  }

  const image = firstImage(pin.images, ['474x', '236x', '736x', 'orig']);
  const busy = createAccount.isPending || promote.isPending;
  const title = step === 'success' ? T.successHeading : step === 'error' ? T.errorHeading : T.quickPromoteTitle;
  const toggle = (list: string[], value: string) => (list.includes(value) ? list.filter((v) => v !== value) : [...list, value]);

  return (
    <Modal isOpen={isOpen} onOpenChange={(open) => (open ? onOpenChange(true) : close())} title={title} isDismissable={!busy} className={styles[viewport]}>
      <div className={styles.body} data-viewport={viewport} data-step={step}>
        {STEP_LABELS[step] && (
          <ol className={styles.steps} aria-label={T.quickPromoteTitle}>
            {(['pin_selection', 'business_form', 'billing_form', 'review'] as const).map((s) => (
              <li key={s} aria-current={s === step ? 'step' : undefined} className={s === step ? styles.current : undefined}>
                {STEP_LABELS[s]}
              </li>
            ))}
          </ol>
        )}
        <div className={styles.layout}>
          {viewport !== 'narrow' && step !== 'success' && step !== 'error' && (
            <figure className={styles.preview} style={{ backgroundColor: pin.dominant_color }}>
              {image && <img src={image.url} alt="" width={image.width} height={image.height} />}
              <figcaption>{pinTitle(pin)}</figcaption>
            </figure>
          )}
          <div className={styles.form}>
            {step === 'pin_selection' && (
              <section aria-labelledby="qp-pin">
                <h3 id="qp-pin" className={styles.heading}>
                  {T.pinSelectionHeading}
                </h3>
                <label className={styles.pinChoice}>
                  <input type="radio" name="qp-pin" checked readOnly />
                  {image && viewport === 'narrow' && <img src={image.url} alt="" width={64} height={Math.round((64 * image.height) / image.width)} />}
                  <span>{pinTitle(pin) || TEXTS.pin.untitled}</span>
                </label>
                <p className={styles.help}>{T.pinSelectionHelp}</p>
                <div className={styles.buttons}>
                  <Button variant="primary" onPress={() => setStep('business_form')}>
                    {T.next}
                  </Button>
                </div>
              </section>
            )}

            {step === 'business_form' && (
              <section aria-labelledby="qp-business">
                <h3 id="qp-business" className={styles.heading}>
                  {T.businessHeading}
                </h3>
                {account && accounts.length > 1 ? (
                  <Select label={T.promoteWith} value={account.id} onChange={(e) => form.set('accountId', e.target.value)}>
                    {accounts.map((a) => (
                      <option key={a.id} value={a.id}>
                        {T.accountHeading({ name: a.name, currency: a.currency, country: countryName(a.country) })}
                      </option>
                    ))}
                  </Select>
                ) : account ? (
                  <p className={styles.account}>
                    {T.accountHeading({ name: account.name, currency: account.currency, country: countryName(account.country) })}
                  </p>
                ) : (
                  <>
                    <p className={styles.help}>{T.businessHelp}</p>
                    <TextInput label={T.accountName} value={f.accountName} onChange={(e) => form.set('accountName', e.target.value)} maxLength={100} />
                    <div className={styles.row}>
                      <Select
                        label={T.country}
                        value={f.accountCountry}
                        onChange={(e) =>
                          form.patch({ accountCountry: e.target.value, currency: defaultCurrencyOf(e.target.value), targetCountry: e.target.value })
                        }
                      >
                        {AD_COUNTRIES.map((c) => (
                          <option key={c} value={c}>
                            {countryName(c)}
                          </option>
                        ))}
                      </Select>
                      <Select label={T.currency} value={f.currency} onChange={(e) => form.set('currency', e.target.value)}>
                        {currenciesOf(f.accountCountry).map((c) => (
                          <option key={c}>{c}</option>
                        ))}
                      </Select>
                    </div>
                  </>
                )}
                <Select label={T.targetCountry} value={targetCountry} onChange={(e) => form.set('targetCountry', e.target.value)}>
                  {AD_COUNTRIES.map((c) => (
                    <option key={c} value={c}>
                      {countryName(c)}
                    </option>
                  ))}
                </Select>
                <fieldset className={styles.chips}>
                  <legend>{T.ages}</legend>
                  {AD_AGE_GROUPS.map((a) => (
                    <Checkbox key={a} label={a} checked={f.ages.includes(a)} onChange={() => form.set('ages', toggle(f.ages, a))} />
                  ))}
                  <p className={styles.help}>{f.ages.length === 0 ? T.allAges : f.ages.join(', ')}</p>
                </fieldset>
                <fieldset className={styles.chips}>
                  <legend>{T.genders}</legend>
                  {AD_GENDERS.map((g) => (
                    <Checkbox key={g} label={T.gender({ g })} checked={f.genders.includes(g)} onChange={() => form.set('genders', toggle(f.genders, g))} />
                  ))}
                  <p className={styles.help}>{f.genders.length === 0 ? T.allGenders : f.genders.map((g) => T.gender({ g })).join(', ')}</p>
                </fieldset>
                {(categories.data?.length ?? 0) > 0 && (
                  <fieldset className={styles.chips}>
                    <legend>{T.interests}</legend>
                    {categories.data!.map((c) => (
                      <Checkbox
                        key={c.id}
                        label={c.name}
                        checked={f.interests.includes(c.id)}
                        onChange={() => form.set('interests', toggle(f.interests, c.id))}
                      />
                    ))}
                    <p className={styles.help}>
                      {f.interests.length === 0
                        ? T.allInterests
                        : categories
                            .data!.filter((c) => f.interests.includes(c.id))
                            .map((c) => c.name)
                            .join(', ')}
                    </p>
                  </fieldset>
                )}
                <Checkbox label={T.autoTargeting} checked={f.autoTargeting} onChange={(e) => form.set('autoTargeting', e.target.checked)} />
                <div className={styles.buttons}>
                  <Button onPress={() => setStep('pin_selection')}>{T.back}</Button>
                  <Button variant="primary" isDisabled={!businessValid} onPress={toBilling}>
                    {T.next}
                  </Button>
                </div>
              </section>
            )}

            {step === 'billing_form' && (
              <section aria-labelledby="qp-billing">
                <h3 id="qp-billing" className={styles.heading}>
                  {T.billingHeading}
                </h3>
                <TextInput label={T.campaignName} value={f.name} onChange={(e) => form.set('name', e.target.value)} maxLength={200} />
                <TextInput
                  label={T.destination}
                  type="url"
                  value={f.destination}
                  onChange={(e) => form.set('destination', e.target.value)}
                  placeholder="https://"
                />
                <div className={styles.row}>
                  <TextInput
                    label={T.dailyBudget({ currency: billingCurrency })}
                    type="number"
                    inputMode="decimal"
                    min={minBudget}
                    max={QUICK_PROMOTE_MAX_BUDGET}
                    step="any"
                    value={f.budget === '' ? String(defaultDailyBudgetOf(billingCountry)) : f.budget}
                    onChange={(e) => form.set('budget', e.target.value)}
                    error={form.issues.budget}
                    help={T.budgetHelp({ min: minBudget, currency: billingCurrency })}
                  />
                  <TextInput
                    label={T.duration}
                    type="number"
                    min={1}
                    max={QUICK_PROMOTE_MAX_DURATION_DAYS}
                    step={1}
                    value={f.duration === '' ? String(defaultDurationOf(billingCountry)) : f.duration}
                    onChange={(e) => form.set('duration', e.target.value)}
                    error={form.issues.duration}
                    disabled={f.ongoing}
                  />
                </div>
                <Checkbox label={T.ongoing} checked={f.ongoing} onChange={(e) => form.set('ongoing', e.target.checked)} />
                {!f.ongoing && (
                  <TextInput
                    label={T.endDate}
                    type="date"
                    min={today()}
                    max={plusDays(QUICK_PROMOTE_MAX_DURATION_DAYS - 1)}
                    value={f.endDate}
                    onChange={(e) => form.set('endDate', e.target.value)}
                    error={form.issues.endDate}
                  />
                )}
                <Select label={T.objective} value={f.objective} onChange={(e) => form.set('objective', e.target.value as ObjectiveType)}>
                  {OBJECTIVE_TYPES.map((o) => (
                    <option key={o} value={o}>
                      {T.objectiveName({ o })}
                    </option>
                  ))}
                </Select>
                {f.objective === 'WEB_CONVERSION' && (
                  <div className={styles.tagRow}>
                    <span>{f.tag ? `${T.conversionTag}: ${f.tag.id} · ${f.tag.event}` : T.conversionTag}</span>
                    <Button size="small" onPress={() => setTagOpen(true)}>
                      {T.chooseTag}
                    </Button>
                  </div>
                )}
                <div className={styles.buttons}>
                  <Button onPress={() => setStep('business_form')}>{T.back}</Button>
                  <Button variant="primary" isDisabled={!billingValid} onPress={() => setStep('review')}>
                    {T.next}
                  </Button>
                </div>
              </section>
            )}

            {step === 'review' && (
              <section aria-labelledby="qp-review">
                <h3 id="qp-review" className={styles.heading}>
                  {T.reviewHeading}
                </h3>
                <dl className={styles.summary}>
                  <dt>{T.campaignName}</dt>
                  <dd>
                    {
                      quickPromotePayload({
                        name: f.name,
                        destination_url: '',
                        budget: 0,
                        duration: 1,
                        inclusive_end_date: '',
                        is_ongoing: true,
                        advertiser_id: '0',
                        pin_id: '0',
                        country: 'US',
                        ages: [],
                        genders: [],
                        interests: [],
                        auto_targeting: false,
                      }).campaign_name
                    }
                  </dd>
                  <dt>{T.budget}</dt>
                  <dd>{T.reviewBudget({ amount: `${budgetValue} ${billingCurrency}` })}</dd>
                  <dt>{T.schedule}</dt>
                  <dd>{f.ongoing ? T.reviewOngoing : T.reviewSchedule({ days: durationValue, end: f.endDate || 'none' })}</dd>
                  <dt>{T.targetCountry}</dt>
                  <dd>{countryName(targetCountry)}</dd>
                  <dt>{T.objective}</dt>
                  <dd>{T.objectiveName({ o: f.objective })}</dd>
                </dl>
                <div className={styles.buttons}>
                  <Button onPress={() => setStep('billing_form')} isDisabled={busy}>
                    {T.back}
                  </Button>
                  <Button variant="primary" isDisabled={busy || !businessValid || !billingValid} onPress={() => void submit()}>
                    {busy ? T.launching : T.launch}
                  </Button>
                </div>
              </section>
            )}

            {step === 'success' && made && (
              <section className={styles.outcome}>
                <p>{T.successBody}</p>
                <div className={styles.buttons}>
                  <Link className={styles.linkButton} to={`/advertiser/${made.advertiserId}/reporting/campaigns/`} onClick={close}>
                    {T.seeReport}
                  </Link>
                  <Button variant="primary" onPress={close}>
                    {T.done}
                  </Button>
                </div>
              </section>
            )}

            {step === 'error' && (
              <section className={styles.outcome}>
                <FormError>{serverError?.message ?? T.errorHeading}</FormError>
                <div className={styles.buttons}>
                  <Button onPress={close}>{T.done}</Button>
                  <Button variant="primary" onPress={() => setStep(serverError?.field === 'pin_id' ? 'pin_selection' : 'billing_form')}>
                    {T.tryAgain}
                  </Button>
                </div>
              </section>
            )}
          </div>
        </div>
      </div>
      <TagModal isOpen={tagOpen} onOpenChange={setTagOpen} onChoose={(tag) => form.set('tag', tag)} />
      <Modal isOpen={gdpr.open !== null} onOpenChange={(open) => !open && setGdpr({ ...gdpr, open: null })} title={T.gdprHeading}>
        <p className={styles.help}>{T.gdprBody}</p>
        <div className={styles.buttons}>
          <Button
            variant="primary"
            onPress={() => {
              setGdpr({ open: null, seen: new Set([...gdpr.seen, gdpr.open ?? '']) });
              setStep('billing_form');
            }}
          >
            {T.gdprAgree}
          </Button>
        </div>
      </Modal>
    </Modal>
  );
}

function TagModal({
  isOpen,
  onOpenChange,
  onChoose,
}: {
  isOpen: boolean;
  onOpenChange: (open: boolean) => void;
  onChoose: (tag: { id: string; event: string }) => void;
}) {
  // The tag as the server checks it in optimization_goal_metadata (decision 083).
  const form = useSchemaForm(zConversionTag, { conversion_tag_id: '', conversion_event: 'checkout' });
  const { conversion_tag_id: id, conversion_event: event } = form.values;
  return (
    <Modal isOpen={isOpen} onOpenChange={onOpenChange} title={T.tagHeading}>
      <p className={styles.help}>{T.tagHelp}</p>
      <TextInput label={T.tagId} inputMode="numeric" value={id} onChange={(e) => form.set('conversion_tag_id', e.target.value.trim())} />
      <Select label={T.tagEvent} value={event} onChange={(e) => form.set('conversion_event', e.target.value)}>
        {['checkout', 'add_to_cart', 'lead', 'signup', 'page_visit'].map((e) => (
          <option key={e}>{e}</option>
        ))}
      </Select>
      <div className={styles.buttons}>
        <Button
          variant="primary"
          isDisabled={!form.valid}
          onPress={() => {
            onChoose({ id, event });
            onOpenChange(false);
          }}
        >
          {T.useTag}
        </Button>
      </div>
    </Modal>
  );
}
