import { FormError } from '../../components/Field/Field';
import { FormActions } from '../../components/Field/formParts';
import { TEXTS } from '../../lib/allTexts';
import { BoardSectionSelect, type BoardSectionValue } from '../picker/components/BoardSectionSelect';
import { PinDetailsFields, type PinDetails } from '../pins/components/PinDetailsFields';

/** A new Pin's form column (decision 082): the form's error, the Pin's details, its board and section, then Publish. */
export function PublishFields({
  styles,
  flow,
  details: [details, onDetailsChange],
  place: [place, onPlaceChange],
  pending,
}: {
  styles: { form?: string; submitRow?: string };
  flow: { formError: string | null; submitted: boolean };
  details: readonly [PinDetails, (details: PinDetails) => void];
  place: readonly [BoardSectionValue, (place: BoardSectionValue) => void];
  pending: boolean;
}) {
  return (
    <div className={styles.form}>
      {flow.formError && <FormError>{flow.formError}</FormError>}
      <PinDetailsFields value={details} onChange={onDetailsChange} showAllErrors={flow.submitted} disabled={pending} />
      <BoardSectionSelect value={place} onChange={onPlaceChange} disabled={pending} preselectRecent />
      <FormActions className={styles.submitRow} pending={pending}>
        {pending ? TEXTS.create.publishing : TEXTS.create.publish}
      </FormActions>
    </div>
  );
}
