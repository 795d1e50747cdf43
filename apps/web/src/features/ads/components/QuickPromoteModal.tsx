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
  QUICK_PROMOTE_DEFAULT_COUNTRY,
  QUICK_PROMOTE_MAX_BUDGET,
  QUICK_PROMOTE_MAX_DURATION_DAYS,
  currenciesOf,
  defaultCurrencyOf,
  defaultDailyBudgetOf,
  defaultDurationOf,
  minDailyBudgetOf,
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
import { useViewportWidth } from '../../../lib/useViewportWidth';
import { useAdvertisers, useCreateAdvertiser, useInterestCategories, useQuickPromote } from '../ads.queries';
import type { Advertiser } from '../ads.api';
import { promotingAccounts, quickPromoteErrorOf, quickPromotePayload, stepAfterReview, type QuickPromoteStep } from '../quickPromote';
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
  const [chosenAccountId, setChosenAccountId] = useState<string | null>(null);
  const account: Advertiser | null = accounts.find((a) => a.id === chosenAccountId) ?? accounts[0] ?? null;
  const createAccount = useCreateAdvertiser();
  const promote = useQuickPromote();

  const [step, setStep] = useState<QuickPromoteStep>('pin_selection');
  // Business
  const [accountName, setAccountName] = useState(businessName);
  const [accountCountry, setAccountCountry] = useState<string>(QUICK_PROMOTE_DEFAULT_COUNTRY);
  const [currency, setCurrency] = useState<string>(defaultCurrencyOf(QUICK_PROMOTE_DEFAULT_COUNTRY));
  // Whom to reach: as chosen, else the ad account's own country (a Danish account reaches Denmark), else the new account's.
  const [chosenTargetCountry, setTargetCountry] = useState<string | null>(null);
  const [ages, setAges] = useState<string[]>([]);
  const [genders, setGenders] = useState<string[]>([]);
  const [interests, setInterests] = useState<string[]>([]);
  const categories = useInterestCategories(isOpen);
  const [autoTargeting, setAutoTargeting] = useState(true);
  const [gdprFor, setGdprFor] = useState<string | null>(null);
  const [gdprSeen, setGdprSeen] = useState<Set<string>>(() => new Set());
  // Billing
  const billingCountry = account?.country ?? accountCountry;
  const targetCountry = chosenTargetCountry ?? (account && (AD_COUNTRIES as readonly string[]).includes(account.country) ? account.country : accountCountry);
  const billingCurrency = account?.currency ?? currency;
  const [name, setName] = useState(() => pinTitle(pin) || TEXTS.pin.untitled);
  const [destination, setDestination] = useState(pin.link ?? '');
  const [budget, setBudget] = useState<string>('');
  const [duration, setDuration] = useState<string>('');
  const [ongoing, setOngoing] = useState(false);
  const [endDate, setEndDate] = useState('');
  const [objective, setObjective] = useState<ObjectiveType>('CONSIDERATION');
  const [tag, setTag] = useState<{ id: string; event: string } | null>(null);
  const [tagOpen, setTagOpen] = useState(false);
  // Outcome
  const [serverError, setServerError] = useState<{ message: string; field: string | null } | null>(null);
  const [made, setMade] = useState<{ advertiserId: string; campaignId: string } | null>(null);

  const budgetValue = budget === '' ? defaultDailyBudgetOf(billingCountry) : Number(budget);
  const durationValue = duration === '' ? defaultDurationOf(billingCountry) : Number(duration);
  const minBudget = minDailyBudgetOf(billingCountry);
  const budgetError =
    !Number.isFinite(budgetValue) || budgetValue < minBudget
      ? T.budgetTooLow({ min: minBudget, currency: billingCurrency })
      : budgetValue > QUICK_PROMOTE_MAX_BUDGET
        ? T.budgetTooHigh({ max: QUICK_PROMOTE_MAX_BUDGET })
        : null;
  const durationError =
    !Number.isInteger(durationValue) || durationValue < 1 || durationValue > QUICK_PROMOTE_MAX_DURATION_DAYS
      ? T.durationTooLong({ max: QUICK_PROMOTE_MAX_DURATION_DAYS })
      : null;
  const endDateError = !ongoing && endDate !== '' && endDate < today() ? T.endBeforeStart : null;
  const businessValid = account !== null || (accountName.trim() !== '' && currenciesOf(accountCountry).includes(currency as never));
  const billingValid = name.trim() !== '' && !budgetError && !durationError && !endDateError && (objective !== 'WEB_CONVERSION' || tag !== null);

  const close = () => {
    onOpenChange(false);
    setStep('pin_selection');
    setServerError(null);
  };

  function toBilling() {
    // The GDPR notice, once per target country in the EU.
    if (isEuMemberState(targetCountry) && !gdprSeen.has(targetCountry)) {
      setGdprFor(targetCountry);
      return;
    }
    setStep('billing_form');
  }

  async function submit() {
    setServerError(null);
    let advertiser = account;
    try {
      advertiser ??= await createAccount.mutateAsync({ name: accountName.trim(), country: accountCountry, currency });
      const result = await promote.mutateAsync({
        advertiserId: advertiser.id,
        pinId: pin.id,
        payload: quickPromotePayload({
          name,
          destination_url: destination,
          budget: budgetValue,
          duration: durationValue,
          inclusive_end_date: endDate,
          is_ongoing: ongoing,
          advertiser_id: advertiser.id,
          pin_id: pin.id,
          country: targetCountry,
          ages,
          genders,
          interests,
          auto_targeting: autoTargeting,
          objective_type: objective,
          conversion_tag: tag,
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
                  <Select label={T.promoteWith} value={account.id} onChange={(e) => setChosenAccountId(e.target.value)}>
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
                    <TextInput label={T.accountName} value={accountName} onChange={(e) => setAccountName(e.target.value)} maxLength={100} />
                    <div className={styles.row}>
                      <Select
                        label={T.country}
                        value={accountCountry}
                        onChange={(e) => {
                          setAccountCountry(e.target.value);
                          setCurrency(defaultCurrencyOf(e.target.value));
                          setTargetCountry(e.target.value);
                        }}
                      >
                        {AD_COUNTRIES.map((c) => (
                          <option key={c} value={c}>
                            {countryName(c)}
                          </option>
                        ))}
                      </Select>
                      <Select label={T.currency} value={currency} onChange={(e) => setCurrency(e.target.value)}>
                        {currenciesOf(accountCountry).map((c) => (
                          <option key={c}>{c}</option>
                        ))}
                      </Select>
                    </div>
                  </>
                )}
                <Select label={T.targetCountry} value={targetCountry} onChange={(e) => setTargetCountry(e.target.value)}>
                  {AD_COUNTRIES.map((c) => (
                    <option key={c} value={c}>
                      {countryName(c)}
                    </option>
                  ))}
                </Select>
                <fieldset className={styles.chips}>
                  <legend>{T.ages}</legend>
                  {AD_AGE_GROUPS.map((a) => (
                    <Checkbox key={a} label={a} checked={ages.includes(a)} onChange={() => setAges(toggle(ages, a))} />
                  ))}
                  <p className={styles.help}>{ages.length === 0 ? T.allAges : ages.join(', ')}</p>
                </fieldset>
                <fieldset className={styles.chips}>
                  <legend>{T.genders}</legend>
                  {AD_GENDERS.map((g) => (
                    <Checkbox key={g} label={T.gender({ g })} checked={genders.includes(g)} onChange={() => setGenders(toggle(genders, g))} />
                  ))}
                  <p className={styles.help}>{genders.length === 0 ? T.allGenders : genders.map((g) => T.gender({ g })).join(', ')}</p>
                </fieldset>
                {(categories.data?.length ?? 0) > 0 && (
                  <fieldset className={styles.chips}>
                    <legend>{T.interests}</legend>
                    {categories.data!.map((c) => (
                      <Checkbox key={c.id} label={c.name} checked={interests.includes(c.id)} onChange={() => setInterests(toggle(interests, c.id))} />
                    ))}
                    <p className={styles.help}>
                      {interests.length === 0
                        ? T.allInterests
                        : categories
                            .data!.filter((c) => interests.includes(c.id))
                            .map((c) => c.name)
                            .join(', ')}
                    </p>
                  </fieldset>
                )}
                <Checkbox label={T.autoTargeting} checked={autoTargeting} onChange={(e) => setAutoTargeting(e.target.checked)} />
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
                <TextInput label={T.campaignName} value={name} onChange={(e) => setName(e.target.value)} maxLength={200} />
                <TextInput label={T.destination} type="url" value={destination} onChange={(e) => setDestination(e.target.value)} placeholder="https://" />
                <div className={styles.row}>
                  <TextInput
                    label={T.dailyBudget({ currency: billingCurrency })}
                    type="number"
                    inputMode="decimal"
                    min={minBudget}
                    max={QUICK_PROMOTE_MAX_BUDGET}
                    step="any"
                    value={budget === '' ? String(defaultDailyBudgetOf(billingCountry)) : budget}
                    onChange={(e) => setBudget(e.target.value)}
                    error={budgetError}
                    help={T.budgetHelp({ min: minBudget, currency: billingCurrency })}
                  />
                  <TextInput
                    label={T.duration}
                    type="number"
                    min={1}
                    max={QUICK_PROMOTE_MAX_DURATION_DAYS}
                    step={1}
                    value={duration === '' ? String(defaultDurationOf(billingCountry)) : duration}
                    onChange={(e) => setDuration(e.target.value)}
                    error={durationError}
                    disabled={ongoing}
                  />
                </div>
                <Checkbox label={T.ongoing} checked={ongoing} onChange={(e) => setOngoing(e.target.checked)} />
                {!ongoing && (
                  <TextInput
                    label={T.endDate}
                    type="date"
                    min={today()}
                    max={plusDays(QUICK_PROMOTE_MAX_DURATION_DAYS - 1)}
                    value={endDate}
                    onChange={(e) => setEndDate(e.target.value)}
                    error={endDateError}
                  />
                )}
                <Select label={T.objective} value={objective} onChange={(e) => setObjective(e.target.value as ObjectiveType)}>
                  {OBJECTIVE_TYPES.map((o) => (
                    <option key={o} value={o}>
                      {T.objectiveName({ o })}
                    </option>
                  ))}
                </Select>
                {objective === 'WEB_CONVERSION' && (
                  <div className={styles.tagRow}>
                    <span>{tag ? `${T.conversionTag}: ${tag.id} · ${tag.event}` : T.conversionTag}</span>
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
                        name,
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
                  <dd>{ongoing ? T.reviewOngoing : T.reviewSchedule({ days: durationValue, end: endDate || 'none' })}</dd>
                  <dt>{T.targetCountry}</dt>
                  <dd>{countryName(targetCountry)}</dd>
                  <dt>{T.objective}</dt>
                  <dd>{T.objectiveName({ o: objective })}</dd>
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
      <TagModal isOpen={tagOpen} onOpenChange={setTagOpen} onChoose={setTag} />
      <Modal isOpen={gdprFor !== null} onOpenChange={(open) => !open && setGdprFor(null)} title={T.gdprHeading}>
        <p className={styles.help}>{T.gdprBody}</p>
        <div className={styles.buttons}>
          <Button
            variant="primary"
            onPress={() => {
              setGdprSeen(new Set([...gdprSeen, gdprFor ?? '']));
              setGdprFor(null);
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
  const [id, setId] = useState('');
  const [event, setEvent] = useState('checkout');
  const valid = /^\d{1,19}$/.test(id) && event.trim() !== '';
  return (
    <Modal isOpen={isOpen} onOpenChange={onOpenChange} title={T.tagHeading}>
      <p className={styles.help}>{T.tagHelp}</p>
      <TextInput label={T.tagId} inputMode="numeric" value={id} onChange={(e) => setId(e.target.value.trim())} />
      <Select label={T.tagEvent} value={event} onChange={(e) => setEvent(e.target.value)}>
        {['checkout', 'add_to_cart', 'lead', 'signup', 'page_visit'].map((e) => (
          <option key={e}>{e}</option>
        ))}
      </Select>
      <div className={styles.buttons}>
        <Button
          variant="primary"
          isDisabled={!valid}
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
